import type { RouteDef } from '../../http/route.js';

/** Filled in by the issue-17 work in progress. */
export const adminFileRoutes: RouteDef[] = [];
