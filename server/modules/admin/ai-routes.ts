import type { RouteDef } from '../../http/route.js';

/** The AI assistant's settings (administrators only). */
export const aiSettingRoutes: RouteDef[] = [];
