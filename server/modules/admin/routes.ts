import { adminFileRoutes } from './file-routes.js';
import { adminItemRoutes } from './item-routes.js';
import { adminSettingRoutes } from './setting-routes.js';
import { adminSiteRoutes } from './site-routes.js';
import { adminUserRoutes } from './user-routes.js';

/** The admin console's actions (ShowDoc's `admin*` controllers). Every handler passes requireAdmin first. */
export const adminRoutes = [...adminUserRoutes, ...adminItemRoutes, ...adminFileRoutes, ...adminSettingRoutes, ...adminSiteRoutes];
