import { oauth2LoginRoutes } from './oauth2-routes.js';
import { secretKeyLoginRoutes } from './secret-key-routes.js';

/** Logins that do not start from Folio's password form (ShowDoc's `extLogin` controller). */
export const extLoginRoutes = [...oauth2LoginRoutes, ...secretKeyLoginRoutes];
