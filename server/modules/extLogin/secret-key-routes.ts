import type { RouteDef } from '../../http/route.js';

/** extLogin/bySecretKey: a trusted system logs a user in by a link signed with the site's login secret key. */
export const secretKeyLoginRoutes: RouteDef[] = [];
