import type { Ctx } from '../../context.js';
import type { Page } from '../../db/content-tables.js';
import { ApiError } from '../../http/api-error.js';
import { readOption } from '../common/options.js';
import { reachPage } from './page-access.js';
import { presentHistoryEntry, presentHistoryRow, presentPageRow } from './presenter.js';
import type { Trx } from '../../db/locks.js';

/**
 * Page history: one row per superseded version, written in the same transaction as the save that
 * supersedes it, so the text a save overwrites is always somewhere (security.md §0.11).
 */

/** Versions kept per page when the site sets nothing (option `history_version_count`). */
export const DEFAULT_HISTORY_KEEP = 20;
/** The most a site may keep: every version of the list goes out in one page/history answer. */
export const MAX_HISTORY_KEEP = 200;

/** The site's retention, read in the saving transaction; anything but a positive whole number means the default. */
export async function historyKeep(trx: Trx): Promise<number> {
  const n = Number(await readOption(trx, 'history_version_count'));
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_HISTORY_KEEP) : DEFAULT_HISTORY_KEEP;
}

/** Copies the page as it is now into its history. */
export async function snapshot(trx: Trx, page: Page): Promise<void> {
  await trx
    .insertInto('page_history')
    .values({
      page_id: page.page_id,
      author_uid: page.author_uid,
      author_username: page.author_username,
      item_id: page.item_id,
      cat_id: page.cat_id,
      page_title: page.page_title,
      page_content: page.page_content,
      s_number: page.s_number,
      addtime: page.addtime,
      page_comments: page.page_comments,
      ext_info: page.ext_info,
    })
    .execute();
}

/** Drops all but the newest `keep` versions of the page. */
export async function trimHistory(trx: Trx, pageId: number, keep: number): Promise<void> {
  const cutoff = await trx
    .selectFrom('page_history')
    .select('page_history_id')
    .where('page_id', '=', pageId)
    .orderBy('page_history_id', 'desc')
    .offset(keep)
    .limit(1)
    .executeTakeFirst();
  if (cutoff) await trx.deleteFrom('page_history').where('page_id', '=', pageId).where('page_history_id', '<=', cutoff.page_history_id).execute();
}

/** `page/history`: the page's earlier versions, newest first (transcript 25). */
export async function pageHistory(ctx: Ctx, pageId: number) {
  const { page } = await reachPage(ctx, pageId, 'visit');
  const rows = await ctx.db
    .selectFrom('page_history')
    .selectAll()
    .where('page_id', '=', page.page_id)
    .orderBy('addtime', 'desc')
    .orderBy('page_history_id', 'desc')
    .limit(MAX_HISTORY_KEEP)
    .execute();
  return rows.map((row) => presentHistoryEntry(row, ctx.config.timeZone));
}

async function historyRowOf(ctx: Ctx, pageId: number, historyId: number) {
  // Both ids together: a version of another page is "not found" here, whoever asks (ShowDoc checked neither).
  const row = await ctx.db.selectFrom('page_history').selectAll().where('page_history_id', '=', historyId).where('page_id', '=', pageId).executeTakeFirst();
  if (!row) throw new ApiError(10101, 'page.historyNotFound');
  return row;
}

/** `page/diff`: the page now and one earlier version, for the browser to compare (transcript 26). */
export async function pageDiff(ctx: Ctx, pageId: number, historyId: number) {
  const { page } = await reachPage(ctx, pageId, 'visit');
  const row = await historyRowOf(ctx, page.page_id, historyId);
  return { page: presentPageRow(page), history_page: presentHistoryRow(row) };
}

/** `page/updateHistoryComments`: the note of one earlier version, by the project's editors. */
export async function updateHistoryComments(ctx: Ctx, pageId: number, historyId: number, comments: string) {
  const { page } = await reachPage(ctx, pageId, 'edit');
  const row = await historyRowOf(ctx, page.page_id, historyId);
  await ctx.db.updateTable('page_history').set({ page_comments: comments }).where('page_history_id', '=', row.page_history_id).execute();
  return { success: true };
}
