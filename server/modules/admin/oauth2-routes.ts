import type { RouteDef } from '../../http/route.js';

/** adminSetting/saveOauth2Config and loadOauth2Config (administrators only). */
export const oauth2SettingRoutes: RouteDef[] = [];
