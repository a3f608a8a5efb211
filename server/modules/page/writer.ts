import type { Ctx } from '../../context.js';
import type { Page } from '../../db/content-tables.js';
import { forUpdate, touchItem, type Trx } from '../../db/locks.js';
import type { Lang } from '../../http/language.js';
import { ApiError } from '../../http/api-error.js';
import { recordChange } from '../changeLog/record.js';
import { MAX_CONTENT_CHARS, wellFormed } from './content.js';
import { graphemeCount } from './graphemes.js';
import { historyKeep, snapshot, trimHistory } from './history.js';

/**
 * The one place that writes a page's text: the editor (page/save), imports and the open API all come
 * through here, inside the caller's transaction (which holds the project: `withItemsLocked`). A new version
 * is: the page as it was goes into its history, the row is overwritten and its version bumped, old history
 * is trimmed, the change is logged and the project's "last changed" time moves. The search index follows
 * the page row by itself (database triggers), so there is nothing to do for it here.
 *
 * The writer checks nothing about people: the caller has decided that the author may write here, and
 * whether an edit lock stops it. The editor refuses a page someone else holds (page/save); imports and
 * the open API write through locks, so a CI push never fails because someone left an editor open. The
 * holder loses nothing: the overwritten text is in history, and their next save, based on the version
 * they opened, is refused as "changed meanwhile" instead of overwriting the push.
 */

/** Counted as people see characters, so a title of emoji or combining marks is not cut short. */
export const MAX_TITLE_CHARS = 255;
const DEFAULT_TITLE: Record<Lang, string> = { en: 'Untitled', zh: '默认标题' };

/** The title as written (titles are stored raw, as ShowDoc's page/save does); blank means the default. */
export function pageTitle(lang: Lang, raw: string | undefined): string {
  if (raw === undefined || raw.trim() === '') return DEFAULT_TITLE[lang];
  if (graphemeCount(raw, MAX_TITLE_CHARS) > MAX_TITLE_CHARS) throw new ApiError(10100, 'page.titleTooLong', { max: String(MAX_TITLE_CHARS) });
  return wellFormed(raw);
}

/** Text to store as a page body (already URL-decoded, when it was encoded). */
function pageBody(raw: string): string {
  if (raw.length > MAX_CONTENT_CHARS) throw new ApiError(10100, 'page.contentTooLong', { max: String(MAX_CONTENT_CHARS) });
  return wellFormed(raw);
}

export interface PageAuthor {
  uid: number;
  username: string;
}

export interface WriterOptions {
  /** The open API writes as `{ uid: 0, username: 'API' }`. */
  author: PageAuthor;
  /**
   * Overwritten pages get a page_history snapshot (trimmed to the site's retention). Imports of a NEW
   * project pass false: there is nothing to keep.
   */
  keepHistory: boolean;
  /**
   * A change-log row per created or overwritten page; defaults to `keepHistory`. An import into an existing
   * project keeps the snapshots but writes one summary row instead, so a big import does not flush the log.
   */
  logEachPage?: boolean;
}

export interface NewPage {
  catId: number;
  title: string | undefined;
  content: string;
  comments?: string | undefined;
  /** Applied only when positive; 99 otherwise, as in ShowDoc. */
  sNumber?: number | undefined;
  extInfo?: string | undefined;
  isDraft?: boolean | undefined;
}

/** What changes in an existing page; absent fields keep what the page has. */
export interface PageChange {
  content: string;
  title?: string | undefined;
  catId?: number | undefined;
  comments?: string | undefined;
  /** Applied only when positive. */
  sNumber?: number | undefined;
  extInfo?: string | undefined;
  isDraft?: boolean | undefined;
}

export interface PageWriter {
  /** A live page (not in the recycle bin), held until the transaction ends so that it is written on top of what was read. */
  lockedPage(pageId: number): Promise<Page | undefined>;
  create(page: NewPage): Promise<Page>;
  /**
   * Writes `change` on top of `current` (a row read in this transaction) as its next version. Refused
   * as "changed meanwhile" when the row is no longer at `current.version`, which only a writer that
   * skipped the project lock could cause: its change wins, this one is not applied.
   */
  overwrite(current: Page, change: PageChange): Promise<Page>;
  /** Moves the project's "last changed" time (once per writer); writes of pages do it themselves. */
  touch(): Promise<void>;
}

export function pageWriter(ctx: Ctx, trx: Trx, itemId: number, options: WriterOptions): PageWriter {
  const now = ctx.clock.now();
  const logEachPage = options.logEachPage ?? options.keepHistory;
  const { author } = options;
  let keep: number | null = null;
  let touched = false;

  async function touch() {
    if (touched) return;
    touched = true;
    await touchItem(trx, itemId, now);
  }

  async function lockedPage(pageId: number): Promise<Page | undefined> {
    return forUpdate(ctx, trx.selectFrom('page').selectAll().where('page_id', '=', pageId).where('is_del', '=', 0)).executeTakeFirst();
  }

  async function create(page: NewPage): Promise<Page> {
    const title = pageTitle(ctx.lang, page.title);
    const created = await trx
      .insertInto('page')
      .values({
        item_id: itemId,
        cat_id: page.catId,
        page_title: title,
        page_content: pageBody(page.content),
        page_comments: page.comments ?? '',
        s_number: page.sNumber !== undefined && page.sNumber > 0 ? page.sNumber : 99,
        ext_info: page.extInfo ?? '',
        is_draft: page.isDraft ? 1 : 0,
        author_uid: author.uid,
        author_username: author.username,
        addtime: now,
        page_addtime: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (logEachPage) await recordChange(ctx, { itemId, action: 'create', object: 'page', objectId: created.page_id, objectName: title }, trx);
    await touch();
    return created;
  }

  async function overwrite(current: Page, change: PageChange): Promise<Page> {
    if (current.item_id !== itemId) throw new ApiError(10101, 'page.notInItem');
    const title = change.title === undefined ? current.page_title : pageTitle(ctx.lang, change.title);
    if (options.keepHistory) await snapshot(trx, current);
    const saved = await trx
      .updateTable('page')
      .set({
        page_title: title,
        page_content: pageBody(change.content),
        addtime: now,
        author_uid: author.uid,
        author_username: author.username,
        version: current.version + 1,
        ...(change.catId !== undefined ? { cat_id: change.catId } : {}),
        ...(change.comments !== undefined ? { page_comments: change.comments } : {}),
        ...(change.sNumber !== undefined && change.sNumber > 0 ? { s_number: change.sNumber } : {}),
        ...(change.extInfo !== undefined ? { ext_info: change.extInfo } : {}),
        ...(change.isDraft !== undefined ? { is_draft: change.isDraft ? 1 : 0 } : {}),
      })
      .where('page_id', '=', current.page_id)
      .where('version', '=', current.version)
      .returningAll()
      .executeTakeFirst();
    if (!saved) throw new ApiError(10101, 'page.changedMeanwhile', { version: String(current.version + 1), author: '' });
    if (options.keepHistory) {
      keep ??= await historyKeep(trx);
      await trimHistory(trx, current.page_id, keep);
    }
    if (logEachPage) await recordChange(ctx, { itemId, action: 'update', object: 'page', objectId: current.page_id, objectName: title }, trx);
    await touch();
    return saved;
  }

  return { lockedPage, create, overwrite, touch };
}
