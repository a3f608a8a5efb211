import type { RouteDef } from '../../http/route.js';

/** The editor's AI assistant: ai/create streams an answer, item/getAiConfig says whether it is on. */
export const aiRoutes: RouteDef[] = [];
