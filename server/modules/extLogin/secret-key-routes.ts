import type { RouteDef } from '../../http/route.js';
import { defineRoute } from '../../http/route.js';
import { orBackToLogin } from './login-screen.js';
import { BySecretKey } from './schema.js';
import { loginBySecretKey } from './secret-key-login.js';

/** extLogin/bySecretKey: a trusted system logs a user in by a link signed with the site's login secret key. */
export const secretKeyLoginRoutes: RouteDef[] = [
  defineRoute({
    path: 'extLogin/bySecretKey',
    input: BySecretKey,
    auth: 'none',
    get: 'link',
    rateLimit: { per: 'ip', max: 60, windowMs: 60_000 },
    handler: (ctx, input) => orBackToLogin(ctx, () => loginBySecretKey(ctx, input)),
  }),
];
