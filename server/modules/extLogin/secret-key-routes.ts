import { z } from 'zod';
import type { RouteDef } from '../../http/route.js';
import { defineRoute } from '../../http/route.js';
import { zText } from '../../http/fields.js';
import { orBackToLogin } from './login-screen.js';
import { loginBySecretKey } from './secret-key-login.js';

const BySecretKey = z.object({
  username: zText(100),
  time: zText(20),
  token: zText(64),
  name: zText(50).optional(),
  redirect: zText(1000).optional(),
});

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
