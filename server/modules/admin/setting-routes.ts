import { AdminDone, SiteConfig } from '../../../common/answers/admin.js';
import type { RouteDef } from '../../http/route.js';
import { defineRoute } from '../../http/route.js';
import { requireAdmin } from './access.js';
import { OssConfig, OssTestResult } from '../../../common/answers/storage.js';
import { LoadConfig, SaveConfig, SaveOssConfig, TestOssConfig } from './setting-schema.js';
import { loadConfig, saveConfig } from './setting-service.js';
import { loadOssConfig, saveOssConfig } from './setting-oss.js';
import { testOssConfig } from './setting-oss-test.js';

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
  // Folio's storage section: ShowDoc's oss_open/oss_setting with the secret kept on the server.
  defineRoute({
    path: 'adminSetting/loadOssConfig',
    input: LoadConfig,
    auth: 'required',
    get: 'read',
    output: OssConfig,
    handler: (ctx) => loadOssConfig(requireAdmin(ctx).db, ctx.storage),
  }),
  defineRoute({
    path: 'adminSetting/saveOssConfig',
    input: SaveOssConfig,
    auth: 'required',
    output: OssConfig,
    handler: (ctx, input) => saveOssConfig(requireAdmin(ctx).db, ctx.storage, input),
  }),
  defineRoute({
    path: 'adminSetting/testOssConfig',
    input: TestOssConfig,
    auth: 'required',
    output: OssTestResult,
    // Each test talks to another host and writes an object there: a few a minute is plenty for a person.
    rateLimit: { per: 'user', max: 10, windowMs: 60_000 },
    handler: (ctx, input) => testOssConfig(requireAdmin(ctx).db, ctx.lang, input),
  }),
];
