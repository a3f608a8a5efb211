import { AiAdminConfig } from '../../../common/answers/ai.js';
import type { RouteDef } from '../../http/route.js';
import { defineRoute } from '../../http/route.js';
import { noInput } from '../../http/fields.js';
import { requireAdmin } from './access.js';
import { SaveAiConfig } from './ai-schema.js';
import { loadAiConfig, saveAiConfig } from './ai-service.js';

/** The AI assistant's settings (administrators only); the key goes in and never comes back out. */
export const aiSettingRoutes: RouteDef[] = [
  defineRoute({
    path: 'adminSetting/loadAiConfig',
    input: noInput,
    auth: 'required',
    get: 'read',
    output: AiAdminConfig,
    handler: (ctx) => loadAiConfig(requireAdmin(ctx).db),
  }),
  defineRoute({
    path: 'adminSetting/saveAiConfig',
    input: SaveAiConfig,
    auth: 'required',
    output: AiAdminConfig,
    handler: (ctx, input) => saveAiConfig(requireAdmin(ctx).db, input),
  }),
];
