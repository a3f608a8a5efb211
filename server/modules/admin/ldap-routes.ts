import type { RouteDef } from '../../http/route.js';

/** adminSetting/saveLdapConfig, loadLdapConfig and the connection test (administrators only). */
export const ldapSettingRoutes: RouteDef[] = [];
