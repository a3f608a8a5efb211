import type { RouteDef } from '../../http/route.js';

/** Logging in through an OAuth2 / OpenID Connect provider, and user/oauthInfo for the login page. */
export const oauth2LoginRoutes: RouteDef[] = [];
