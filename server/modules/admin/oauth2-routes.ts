import { AdminDone } from '../../../common/answers/admin.js';
import { OAuth2Config } from '../../../common/answers/oauth2.js';
import type { RouteDef } from '../../http/route.js';
import { defineRoute } from '../../http/route.js';
import { requireAdmin } from './access.js';
import { LoadOAuth2Config, SaveOAuth2Config } from './oauth2-schema.js';
import { loadOAuth2Config, saveOAuth2Config } from './oauth2-service.js';

/** adminSetting/saveOauth2Config and loadOauth2Config (administrators only). */
export const oauth2SettingRoutes: RouteDef[] = [
  defineRoute({
    path: 'adminSetting/loadOauth2Config',
    input: LoadOAuth2Config,
    auth: 'required',
    get: 'read',
    output: OAuth2Config,
    handler: (ctx) => loadOAuth2Config(requireAdmin(ctx).db),
  }),
  defineRoute({
    path: 'adminSetting/saveOauth2Config',
    input: SaveOAuth2Config,
    auth: 'required',
    output: AdminDone,
    handler: (ctx, input) => saveOAuth2Config(requireAdmin(ctx).db, input),
  }),
];
