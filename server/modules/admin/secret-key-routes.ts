import type { RouteDef } from '../../http/route.js';

/** adminSetting/getLoginSecretKey and resetLoginSecretKey (administrators only). */
export const secretKeySettingRoutes: RouteDef[] = [];
