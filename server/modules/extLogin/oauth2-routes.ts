import { OAuthInfo } from '../../../common/answers/user.js';
import type { RouteDef } from '../../http/route.js';
import { defineRoute } from '../../http/route.js';
import { noInput } from '../../http/fields.js';
import { orBackToLogin } from './login-screen.js';
import { OAuth2Login } from './schema.js';
import { readSettings } from './oauth2-settings.js';

/** Logging in through an OAuth2 / OpenID Connect provider, and user/oauthInfo for the login page. */
export const oauth2LoginRoutes: RouteDef[] = [
  defineRoute({
    // A top-level navigation (the login button, then the provider's redirect): GET, no login needed.
    path: 'extLogin/oauth2',
    input: OAuth2Login,
    auth: 'none',
    get: 'link',
    rateLimit: { per: 'ip', max: 120, windowMs: 60_000 },
    handler: (ctx, input) =>
      orBackToLogin(ctx, async () => {
        // openid-client loads on the first OAuth2 sign-in, not at start (issue 21: idle memory).
        const { finishOAuth2Login, startOAuth2Login } = await import('./oauth2-login.js');
        return input.code !== undefined || input.state !== undefined || input.error !== undefined ? finishOAuth2Login(ctx, input) : startOAuth2Login(ctx, input.redirect);
      }),
  }),
  defineRoute({
    path: 'user/oauthInfo',
    input: noInput,
    auth: 'none',
    get: 'read',
    output: OAuthInfo,
    // ShowDoc answers the raw option (null on a fresh install); the tips are the only text shown. Nothing secret.
    handler: async (ctx) => {
      const { openRaw, settings } = await readSettings(ctx.db);
      return { oauth2_open: openRaw, oauth2_entrance_tips: settings.entrance_tips };
    },
  }),
];
