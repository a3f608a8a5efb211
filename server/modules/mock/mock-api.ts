import crypto from 'node:crypto';
import type { MockSaved, PageMockInfo } from '../../../common/answers/mock.js';
import { unescapeEntities } from '../../../common/html-entities.js';
import type { AppServices, AuthedCtx, Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time.js';
import { reachPage } from '../page/page-access.js';
import { MAX_TEMPLATE_BYTES } from './limits.js';
import { MAX_PATH_CHARS, normalizeMockPath, regexMatches } from './mock-path.js';
import { renderMockTemplate } from './template-engine.js';

/**
 * Mock APIs of pages (reference §6.16): one per page, served to anyone who has its key or the project's
 * mock path, as ShowDoc does, but rendered by Folio's own engine (nothing in a template runs).
 */

/** Folio stores templates as written; rows imported from ShowDoc arrive entity-escaped. */
export function templateJson(stored: string): string | null {
  for (const text of [stored, unescapeEntities(stored)]) {
    try {
      JSON.parse(text);
      return text;
    } catch {
      // Try the unescaped form next.
    }
  }
  return null;
}

export async function addMock(ctx: AuthedCtx, pageId: number, template: string, rawPath: string): Promise<MockSaved> {
  const { page } = await reachPage(ctx, pageId, 'edit');
  if (Buffer.byteLength(template) > MAX_TEMPLATE_BYTES) throw new ApiError(10100, 'mock.templateTooLarge');
  const json = templateJson(template);
  if (json === null) throw new ApiError(10101, 'mock.templateNotJson');
  const rule = normalizeMockPath(rawPath);
  if (!rule.ok) throw new ApiError(10101, `mock.path.${rule.reason}`);
  const now = ctx.clock.now();
  const existing = await ctx.db.selectFrom('mock').select(['id', 'unique_key']).where('page_id', '=', page.page_id).executeTakeFirst();
  if (existing) {
    await ctx.db.updateTable('mock').set({ template: json, path: rule.path, uid: ctx.user.uid, item_id: page.item_id, last_update_time: now }).where('id', '=', existing.id).execute();
    return { page_id: page.page_id, path: rule.path, unique_key: existing.unique_key };
  }
  const uniqueKey = crypto.randomBytes(16).toString('hex');
  await ctx.db
    .insertInto('mock')
    .values({ unique_key: uniqueKey, uid: ctx.user.uid, page_id: page.page_id, item_id: page.item_id, template: json, path: rule.path, addtime: now, last_update_time: now })
    .execute();
  return { page_id: page.page_id, path: rule.path, unique_key: uniqueKey };
}

/** `mock/infoByPageId`: the page's mock for whoever may read the page, or `[]`. */
export async function mockOfPage(ctx: Ctx, pageId: number): Promise<PageMockInfo> {
  const { page } = await reachPage(ctx, pageId, 'visit');
  const row = await ctx.db.selectFrom('mock').selectAll().where('page_id', '=', page.page_id).executeTakeFirst();
  if (!row) return [];
  return {
    id: row.id,
    unique_key: row.unique_key,
    uid: row.uid,
    page_id: row.page_id,
    item_id: row.item_id,
    view_times: row.view_times,
    path: row.path,
    template: templateJson(row.template) ?? row.template,
    addtime: formatTime(row.addtime, ctx.config.timeZone),
    last_update_time: formatTime(row.last_update_time, ctx.config.timeZone),
  };
}

export type MockAnswer = { status: number; type: 'json' | 'text'; body: string };

const text = (status: number, body: string): MockAnswer => ({ status, type: 'text', body });

/** `<>&'` as \u escapes inside the JSON, so a browser opening the URL can never read markup (security.md D9). */
function htmlSafeJson(json: string): string {
  return json.replace(/[<>&']/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

type MockRow = { id: number; template: string };

/**
 * Mocks that may answer: of live pages, still in the project the mock was made in, of live projects. A page
 * in the recycle bin or a deleted project goes quiet at once. An archived project is read-only, not gone, so
 * its mocks keep answering (front-end code built against them keeps working); it takes no new ones.
 */
function liveMocks(services: AppServices) {
  return services.db
    .selectFrom('mock')
    .innerJoin('page', (join) => join.onRef('page.page_id', '=', 'mock.page_id').onRef('page.item_id', '=', 'mock.item_id'))
    .innerJoin('item', 'item.item_id', 'mock.item_id')
    .select(['mock.id', 'mock.template', 'mock.path'])
    .where('page.is_del', '=', 0)
    .where('item.is_del', '=', 0);
}

async function render(services: AppServices, row: MockRow): Promise<MockAnswer> {
  const json = templateJson(row.template);
  if (json === null) return text(400, 'template is not JSON');
  const result = renderMockTemplate(json, undefined, { now: new Date(services.clock.now() * 1000) });
  if (!result.ok) return text(400, result.error);
  await services.db
    .updateTable('mock')
    .set((eb) => ({ view_times: eb('view_times', '+', 1) }))
    .where('id', '=', row.id)
    .execute();
  return { status: 200, type: 'json', body: htmlSafeJson(result.body) };
}

export async function serveByKey(services: AppServices, uniqueKey: string): Promise<MockAnswer> {
  if (!/^[0-9a-f]{32}$/i.test(uniqueKey)) return text(404, 'no such key');
  const row = await liveMocks(services).where('mock.unique_key', '=', uniqueKey.toLowerCase()).executeTakeFirst();
  return row ? render(services, row) : text(404, 'no such key');
}

/** Regex rules tried per request; a project with more mocks than this keeps its exact paths working. */
const MAX_REGEX_RULES = 200;

export async function serveByPath(services: AppServices, itemId: number, path: string): Promise<MockAnswer> {
  if (path.length > MAX_PATH_CHARS) return text(400, 'path too long');
  const wanted = path.startsWith('/') ? path : `/${path}`;
  let row: MockRow | undefined = await liveMocks(services).where('mock.item_id', '=', itemId).where('mock.path', '=', wanted).orderBy('mock.id').executeTakeFirst();
  if (!row) {
    const rules = await liveMocks(services).where('mock.item_id', '=', itemId).where('mock.path', 'like', '~%').orderBy('mock.id').limit(MAX_REGEX_RULES).execute();
    row = rules.find((rule) => regexMatches(rule.path, wanted));
  }
  return row ? render(services, row) : text(404, 'no such path');
}
