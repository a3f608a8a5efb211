import type { z } from 'zod';
import type { OpenPage, OpenPageDeleted } from '../../../common/answers/open.js';
import type { Ctx } from '../../context.js';
import type { Page } from '../../db/content-tables.js';
import { touchItem, withItemsLocked, type Trx } from '../../db/locks.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time.js';
import { recordChange } from '../changeLog/record.js';
import { pathWriter } from '../import/page-writer.js';
import { requireApiKey } from '../item/access.js';
import { storedContent } from '../page/content.js';
import { presentPageRow } from '../page/presenter.js';
import { moveToRecycleBin } from '../recycle/bin.js';
import { API_AUTHOR, asApiActor } from './actor.js';
import type { DeletePage, GetPage, UpdatePage } from './schema.js';

/**
 * Pages through the open API. Every lookup is bounded by the key's project, so a page id of another
 * project is "not found" (security.md B15). Drafts belong to their author and are not the API's to see.
 */

/**
 * The most live pages a project may have for the open API to write more. ShowDoc stops at 5,000; Folio's
 * menu and search stay fast well beyond that, so the cap is a guard against a runaway script only.
 */
export const MAX_API_PAGES = 20_000;

/** Pages as ShowDoc's open API answers them (transcripts 37–39): the row, `addtime` formatted. */
export function presentOpenPage(page: Page, timeZone: string): OpenPage {
  return { ...presentPageRow(page), addtime: formatTime(page.addtime, timeZone) };
}

/** `cat_name` with `/` between levels (a leading `/` and blank levels ignored), plus the legacy `cat_name_sub`. */
export function catalogPathOf(catName: string, catNameSub = ''): string[] {
  return `${catName}/${catNameSub}`
    .split('/')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** Refuses to add pages to a project that already holds MAX_API_PAGES live ones. */
export async function requirePageRoom(trx: Trx, itemId: number): Promise<void> {
  const row = await trx
    .selectFrom('page')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('item_id', '=', itemId)
    .where('is_del', '=', 0)
    .executeTakeFirst();
  if (Number(row?.n ?? 0) >= MAX_API_PAGES) throw new ApiError(10100, 'open.tooManyPages', { max: String(MAX_API_PAGES) });
}

/**
 * `item/updateByApi` = `open/updateItem` = `open/updatePage`: upsert by title in the catalog path. Unlike
 * ShowDoc, an overwritten page keeps its old version in history and every write is in the change log.
 * `s_number`: 99 when not given, on update too (ShowDoc, transcript 38).
 */
export async function updatePage(ctx: Ctx, input: z.output<typeof UpdatePage>): Promise<OpenPage> {
  const access = await requireApiKey(ctx, input.api_key, input.api_token, 'write');
  if (input.page_title.trim() === '') throw new ApiError(10101, 'open.titleRequired');
  const content = input.page_content === '' ? '' : storedContent(input.page_content, input.is_urlencode);
  const itemId = access.item.item_id;
  const page = await withItemsLocked(ctx, [itemId], async (trx) => {
    await requirePageRoom(trx, itemId);
    const writer = pathWriter(ctx, trx, itemId, { author: API_AUTHOR, keepHistory: true });
    const catId = await writer.catalog(catalogPathOf(input.cat_name, input.cat_name_sub));
    const written = await writer.upsertPage({ catId, title: input.page_title, content, sNumber: input.s_number ?? 99 });
    return written.page;
  });
  return presentOpenPage(page, ctx.config.timeZone);
}

/** `open/getPage`: by `page_id`, or by the exact title anywhere in the project (the oldest such page). */
export async function getPage(ctx: Ctx, input: z.output<typeof GetPage>): Promise<OpenPage> {
  const access = await requireApiKey(ctx, input.api_key, input.api_token, 'read');
  let query = ctx.db.selectFrom('page').selectAll().where('item_id', '=', access.item.item_id).where('is_del', '=', 0).where('is_draft', '=', 0);
  if (input.page_id > 0) query = query.where('page_id', '=', input.page_id);
  else if (input.page_title !== '') query = query.where('page_title', '=', input.page_title).orderBy('page_id').limit(1);
  else throw new ApiError(10101, 'open.pageNeeded');
  const page = await query.executeTakeFirst();
  if (!page) throw new ApiError(10101, 'page.notFound');
  return presentOpenPage(page, ctx.config.timeZone);
}

/** `open/deletePage`: to the recycle bin, as page/delete does (share link and edit lock go with it). */
export async function deletePage(ctx: Ctx, input: z.output<typeof DeletePage>): Promise<OpenPageDeleted> {
  const access = await requireApiKey(ctx, input.api_key, input.api_token, 'write');
  const itemId = access.item.item_id;
  await withItemsLocked(ctx, [itemId], async (trx) => {
    const page = await trx
      .selectFrom('page')
      .select(['page_id', 'page_title'])
      .where('page_id', '=', input.page_id)
      .where('item_id', '=', itemId)
      .where('is_del', '=', 0)
      .where('is_draft', '=', 0)
      .executeTakeFirst();
    if (!page) throw new ApiError(10101, 'page.notFound');
    await moveToRecycleBin(asApiActor(ctx), trx, itemId, [page]);
    await trx.deleteFrom('single_page').where('page_id', '=', page.page_id).execute();
    await trx.deleteFrom('page_lock').where('page_id', '=', page.page_id).execute();
    await recordChange(ctx, { itemId, action: 'delete', object: 'page', objectId: page.page_id, objectName: page.page_title }, trx);
    await touchItem(trx, itemId, ctx.clock.now());
  });
  return { page_id: input.page_id };
}
