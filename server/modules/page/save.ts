import type { AuthedCtx } from '../../context.js';
import type { Page } from '../../db/content-tables.js';
import { ApiError } from '../../http/api-error.js';
import { readableCatalogIds, requireEdit } from '../item/access.js';
import { recordChange } from '../changeLog/record.js';
import { storedContent, wellFormed } from './content.js';
import { historyKeep, snapshot, trimHistory } from './history.js';
import { lockedError, lockOfOthers } from './lock.js';
import { notifySubscribers, subscribe } from './notify.js';
import { draftVisible, reachPage, requireCatalogReadable } from './page-access.js';
import { presentPageRow } from './presenter.js';
import { touchItem, withItemsLocked, type Trx } from '../catalog/store.js';

export interface SaveInput {
  /** 0 = a new page. */
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title?: string | undefined;
  page_content: string;
  is_urlencode: boolean;
  page_comments: string;
  /** Applied only when positive, as in ShowDoc. */
  s_number: number;
  is_notify: boolean;
  notify_content: string;
  /** Absent: keep the page's ext_info. */
  ext_info?: string | undefined;
  /** -1 = leave as it is, 0 or 1 = set. */
  is_draft: number;
  /** Folio: the version the editor started from; absent for ShowDoc clients. */
  version?: number | undefined;
}

/** Counted as people see characters, so a title of emoji or combining marks is not cut short. */
export const MAX_TITLE_CHARS = 255;
const DEFAULT_TITLE = { en: 'Untitled', zh: '默认标题' };
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The title as written (titles are stored raw, as ShowDoc's page/save does); blank means the default. */
function pageTitle(ctx: AuthedCtx, raw: string | undefined): string {
  if (raw === undefined || raw.trim() === '') return DEFAULT_TITLE[ctx.lang];
  let count = 0;
  for (const _ of graphemes.segment(raw)) {
    if (++count > MAX_TITLE_CHARS) throw new ApiError(10100, 'page.titleTooLong', { max: String(MAX_TITLE_CHARS) });
  }
  return wellFormed(raw);
}

/** item/add and item/update take names of at most this many characters. */
const MAX_ITEM_NAME_CHARS = 100;

function firstGraphemes(text: string, max: number): string {
  return Array.from(graphemes.segment(text), (s) => s.segment)
    .slice(0, max)
    .join('');
}

/** A page goes to the project's root (0) or to one of the project's own catalogs. */
async function requireCatalogInItem(trx: Trx, itemId: number, catId: number): Promise<void> {
  if (catId === 0) return;
  const catalog = await trx.selectFrom('catalog').select('cat_id').where('cat_id', '=', catId).where('item_id', '=', itemId).executeTakeFirst();
  if (!catalog) throw new ApiError(10101, 'page.catalogNotFound');
}

/**
 * `page/save`: creates the page (`page_id` 0) or saves a new version of it. A new version is one
 * transaction: the page as it was goes into its history, the page is overwritten and its version
 * bumped, the change is logged and old history trimmed. The project row (PostgreSQL; SQLite runs one
 * transaction at a time) and the page row are held for the length of it, so two saves at once are
 * applied one after the other and the first one's text ends up in history. The update is also
 * conditional on the version read, so a writer that skips those locks cannot make a save vanish.
 */
export async function savePage(ctx: AuthedCtx, input: SaveInput) {
  const title = pageTitle(ctx, input.page_title);
  const content = storedContent(input.page_content, input.is_urlencode);
  if (input.page_id === 0) return createPage(ctx, input, title, content);
  const saved = await updatePage(ctx, input, title, content);
  if (input.is_notify) await notifySubscribers(ctx, saved, input.notify_content);
  return presentPageRow(saved);
}

async function createPage(ctx: AuthedCtx, input: SaveInput, title: string, content: string) {
  const access = await requireEdit(ctx, input.item_id);
  requireCatalogReadable(await readableCatalogIds(ctx, access), input.cat_id);
  const now = ctx.clock.now();
  const page = await withItemsLocked(ctx, [input.item_id], async (trx) => {
    await requireCatalogInItem(trx, input.item_id, input.cat_id);
    const created = await trx
      .insertInto('page')
      .values({
        item_id: input.item_id,
        cat_id: input.cat_id,
        page_title: title,
        page_content: content,
        page_comments: input.page_comments,
        s_number: input.s_number > 0 ? input.s_number : 99,
        ext_info: input.ext_info ?? '',
        is_draft: input.is_draft === 1 ? 1 : 0,
        author_uid: ctx.user.uid,
        author_username: ctx.user.username,
        addtime: now,
        page_addtime: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await subscribe(trx, ctx.user.uid, created.page_id, now);
    await recordChange(ctx, { itemId: input.item_id, action: 'create', object: 'page', objectId: created.page_id, objectName: title }, trx);
    await touchItem(trx, input.item_id, now);
    return created;
  });
  return { page_id: page.page_id, version: page.version };
}

async function updatePage(ctx: AuthedCtx, input: SaveInput, title: string, content: string): Promise<Page> {
  // Access is decided on the page's own project, which must be the one the request names.
  const { access, readable } = await reachPage(ctx, input.page_id, 'edit', { itemId: input.item_id });
  requireCatalogReadable(readable, input.cat_id);
  const now = ctx.clock.now();
  return withItemsLocked(ctx, [input.item_id], async (trx) => {
    let query = trx.selectFrom('page').selectAll().where('page_id', '=', input.page_id).where('is_del', '=', 0);
    if (ctx.dialect === 'postgres') query = query.forUpdate();
    // Read again under the lock: the page may have moved, gone or changed since the checks above.
    const current = await query.executeTakeFirst();
    if (!current || !draftVisible(ctx, current)) throw new ApiError(10101, 'page.notFound');
    if (current.item_id !== input.item_id) throw new ApiError(10101, 'page.notInItem');
    requireCatalogReadable(readable, current.cat_id);
    await requireCatalogInItem(trx, input.item_id, input.cat_id);
    const lock = await lockOfOthers(trx, ctx, current.page_id);
    if (lock) throw lockedError(ctx, lock);
    if (input.version !== undefined && input.version !== current.version) {
      throw new ApiError(10101, 'page.changedMeanwhile', { version: String(current.version), author: current.author_username });
    }

    await snapshot(trx, current);
    const saved = await trx
      .updateTable('page')
      .set({
        page_title: title,
        page_content: content,
        page_comments: input.page_comments,
        cat_id: input.cat_id,
        addtime: now,
        author_uid: ctx.user.uid,
        author_username: ctx.user.username,
        version: current.version + 1,
        ...(input.ext_info !== undefined ? { ext_info: input.ext_info } : {}),
        ...(input.s_number > 0 ? { s_number: input.s_number } : {}),
        ...(input.is_draft === 0 || input.is_draft === 1 ? { is_draft: input.is_draft } : {}),
      })
      .where('page_id', '=', current.page_id)
      .where('version', '=', current.version)
      .returningAll()
      .executeTakeFirst();
    // Only a writer that bypasses the row lock could get here; its change wins, this one is refused.
    if (!saved) throw new ApiError(10101, 'page.changedMeanwhile', { version: String(current.version + 1), author: '' });

    await recordChange(ctx, { itemId: current.item_id, action: 'update', object: 'page', objectId: current.page_id, objectName: title }, trx);
    await trimHistory(trx, current.page_id, await historyKeep(trx));
    await touchItem(trx, current.item_id, now);
    // A single-page project is its page: the project takes the page's title (ShowDoc does the same).
    if (access.item.item_type === 2) await trx.updateTable('item').set({ item_name: firstGraphemes(title, MAX_ITEM_NAME_CHARS) }).where('item_id', '=', current.item_id).execute();
    return saved;
  });
}
