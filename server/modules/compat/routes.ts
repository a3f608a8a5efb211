import * as answer from '../../../common/answers/compat.js';
import { empty } from '../../../common/wire.js';
import { noInput } from '../../http/fields.js';
import { defineRoute } from '../../http/route.js';
import { ItemOnly, SavePushUrl } from './schema.js';
import * as compat from './service.js';

/** ShowDoc actions answered as a ShowDoc site with those features switched off (see service.ts). */
export const compatRoutes = [
  defineRoute({ path: 'publicSquare/checkEnabled', input: noInput, auth: 'none', get: 'read', output: answer.PublicSquareState, handler: () => compat.publicSquareState() }),
  defineRoute({ path: 'agent/config', input: ItemOnly, auth: 'optional', get: 'read', output: answer.AgentConfig, handler: (ctx, input) => compat.agentConfig(ctx, input.item_id) }),
  defineRoute({ path: 'item/getAiConfig', input: ItemOnly, auth: 'optional', get: 'read', output: answer.AiConfig, handler: (ctx, input) => compat.aiConfig(ctx, input.item_id) }),
  defineRoute({ path: 'item/getAiKnowledgeBaseConfig', input: ItemOnly, auth: 'optional', get: 'read', output: answer.AiConfig, handler: (ctx, input) => compat.aiConfig(ctx, input.item_id) }),
  defineRoute({ path: 'user/getPushUrl', input: noInput, auth: 'required', get: 'read', output: answer.PushUrl, handler: () => compat.pushUrl() }),
  defineRoute({ path: 'user/savePushUrl', input: SavePushUrl, auth: 'required', output: empty(), handler: () => compat.savePushUrl() }),
  defineRoute({ path: 'ScriptCron/run', input: noInput, auth: 'none', get: 'read', handler: () => compat.scriptCronRefused() }),
  // `update/checkDb` is the admin console's (server/modules/admin/site-routes.ts): it brings the schema up to date.
];
