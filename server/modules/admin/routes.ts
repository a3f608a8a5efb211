import { adminFileRoutes } from './file-routes.js';
import { adminItemRoutes } from './item-routes.js';
import { adminSettingRoutes } from './setting-routes.js';
import { adminSiteRoutes } from './site-routes.js';
import { adminUserRoutes } from './user-routes.js';
import { ldapSettingRoutes } from './ldap-routes.js';
import { oauth2SettingRoutes } from './oauth2-routes.js';
import { secretKeySettingRoutes } from './secret-key-routes.js';
import { aiSettingRoutes } from './ai-routes.js';

/** The admin console's actions (ShowDoc's `admin*` controllers). Every handler passes requireAdmin first. */
export const adminRoutes = [...adminUserRoutes, ...adminItemRoutes, ...adminFileRoutes, ...adminSettingRoutes, ...adminSiteRoutes, ...ldapSettingRoutes, ...oauth2SettingRoutes, ...secretKeySettingRoutes, ...aiSettingRoutes];
