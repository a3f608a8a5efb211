import { AiAnswer, AiStatus } from '../../../common/answers/ai.js';
import type { RouteDef } from '../../http/route.js';
import { defineRoute } from '../../http/route.js';
import { AiConfigInput, AiCreate } from './schema.js';
import { aiStatus, streamedAnswer, wholeAnswer } from './service.js';

/**
 * The editor's AI assistant: ai/create streams an answer, ai/config says whether it is on.
 * (`item/getAiConfig` stays ShowDoc's per-project knowledge-base switch, answered in server/modules/compat.)
 */
export const aiRoutes: RouteDef[] = [
  defineRoute({
    path: 'ai/create',
    input: AiCreate,
    auth: 'required',
    // Every call costs the site money upstream: a person gets a few a minute.
    rateLimit: { per: 'user', max: 20, windowMs: 60_000 },
    bodyLimit: 512 * 1024,
    output: AiAnswer,
    handler: (ctx, input) => (input.stream ? streamedAnswer(ctx, input) : wholeAnswer(ctx, input)),
  }),
  defineRoute({
    path: 'ai/config',
    input: AiConfigInput,
    auth: 'required',
    get: 'read',
    output: AiStatus,
    handler: (ctx) => aiStatus(ctx),
  }),
];
