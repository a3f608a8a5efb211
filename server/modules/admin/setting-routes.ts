import { AdminDone, SiteConfig } from '../../../common/answers/admin.js';
import type { RouteDef } from '../../http/route.js';
import { defineRoute } from '../../http/route.js';
import { requireAdmin } from './access.js';
import { LoadConfig, SaveConfig } from './setting-schema.js';
import { loadConfig, saveConfig } from './setting-service.js';

/** `adminSetting/*`: the site settings (showdoc-behaviour.md §6.14). Every handler passes requireAdmin first. */
export const adminSettingRoutes: RouteDef[] = [
  defineRoute({
    path: 'adminSetting/loadConfig',
    input: LoadConfig,
    auth: 'required',
    get: 'read',
    output: SiteConfig,
    handler: (ctx) => loadConfig(requireAdmin(ctx).db),
  }),
  defineRoute({
    path: 'adminSetting/saveConfig',
    input: SaveConfig,
    auth: 'required',
    output: AdminDone,
    handler: (ctx, input) => saveConfig(requireAdmin(ctx).db, input),
  }),
];
