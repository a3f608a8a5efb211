import type { AuthedCtx } from '../../context.js';
import type { Page } from '../../db/content-tables.js';
import { withItemsLocked, type Trx } from '../../db/locks.js';
import { ApiError } from '../../http/api-error.js';
import { readableCatalogIds, requireEdit } from '../item/access.js';
import { refuseBoardEdit } from '../board/read-only.js';
import { storedContent } from './content.js';
import { extInfoToStore } from './ext-info.js';
import { firstGraphemes } from './graphemes.js';
import { lockedError, lockOfOthers } from './lock.js';
import { notifySubscribers, subscribe } from './notify.js';
import { draftVisible, reachPage, requireCatalogReadable } from './page-access.js';
import { presentPageRow } from './presenter.js';
import { pageTitle, pageWriter } from './writer.js';

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

/** item/add and item/update take names of at most this many characters. */
const MAX_ITEM_NAME_CHARS = 100;

/** A page goes to the project's root (0) or to one of the project's own catalogs. */
async function requireCatalogInItem(trx: Trx, itemId: number, catId: number): Promise<void> {
  if (catId === 0) return;
  const catalog = await trx.selectFrom('catalog').select('cat_id').where('cat_id', '=', catId).where('item_id', '=', itemId).executeTakeFirst();
  if (!catalog) throw new ApiError(10101, 'page.catalogNotFound');
}

/**
 * `page/save`: creates the page (`page_id` 0) or saves a new version of it, through the page writer
 * (history, version, change log: ./writer.ts). The project and the page row are held for the length
 * of the transaction, so two saves at once are applied one after the other and the first one's text
 * ends up in history. Unlike imports and the open API, the editor respects edit locks: a live lock of
 * another person refuses the save with their name.
 */
export async function savePage(ctx: AuthedCtx, input: SaveInput) {
  const title = pageTitle(ctx.lang, input.page_title);
  const content = storedContent(input.page_content, input.is_urlencode);
  if (input.page_id === 0) return createPage(ctx, input, title, content);
  const saved = await updatePage(ctx, input, title, content);
  if (input.is_notify) await notifySubscribers(ctx, saved, input.notify_content);
  return presentPageRow(saved);
}

async function createPage(ctx: AuthedCtx, input: SaveInput, title: string, content: string) {
  const access = await requireEdit(ctx, input.item_id);
  requireCatalogReadable(await readableCatalogIds(ctx, access), input.cat_id);
  refuseBoardEdit(access.item.item_type, null, { title, content });
  const now = ctx.clock.now();
  const page = await withItemsLocked(ctx, [input.item_id], async (trx) => {
    await requireCatalogInItem(trx, input.item_id, input.cat_id);
    const created = await pageWriter(ctx, trx, input.item_id, { author: ctx.user, keepHistory: true }).create({
      catId: input.cat_id,
      title,
      content,
      comments: input.page_comments,
      sNumber: input.s_number,
      extInfo: extInfoToStore(access.item.item_type, content, input.ext_info),
      isDraft: input.is_draft === 1,
    });
    await subscribe(trx, ctx.user.uid, created.page_id, now);
    return created;
  });
  return { page_id: page.page_id, version: page.version };
}

async function updatePage(ctx: AuthedCtx, input: SaveInput, title: string, content: string): Promise<Page> {
  // Access is decided on the page's own project, which must be the one the request names.
  // Boards: refuseBoardEdit below decides, so a client re-saving what it loaded is not refused.
  const { access, readable } = await reachPage(ctx, input.page_id, 'edit', { itemId: input.item_id, keepsPages: true });
  requireCatalogReadable(readable, input.cat_id);
  return withItemsLocked(ctx, [input.item_id], async (trx) => {
    const writer = pageWriter(ctx, trx, input.item_id, { author: ctx.user, keepHistory: true });
    // Read again under the lock: the page may have moved, gone or changed since the checks above.
    const current = await writer.lockedPage(input.page_id);
    if (!current || !draftVisible(ctx, current)) throw new ApiError(10101, 'page.notFound');
    if (current.item_id !== input.item_id) throw new ApiError(10101, 'page.notInItem');
    refuseBoardEdit(access.item.item_type, current, { title, content });
    requireCatalogReadable(readable, current.cat_id);
    await requireCatalogInItem(trx, input.item_id, input.cat_id);
    // The version first: an editor whose lock was taken over learns that the page changed under it.
    if (input.version !== undefined && input.version !== current.version) {
      throw new ApiError(10101, 'page.changedMeanwhile', { version: String(current.version), author: current.author_username });
    }
    const lock = await lockOfOthers(trx, ctx, current.page_id);
    if (lock) throw lockedError(ctx, lock);

    const saved = await writer.overwrite(current, {
      title,
      content,
      catId: input.cat_id,
      comments: input.page_comments,
      sNumber: input.s_number,
      extInfo: extInfoToStore(access.item.item_type, content, input.ext_info),
      ...(input.is_draft === 0 || input.is_draft === 1 ? { isDraft: input.is_draft === 1 } : {}),
    });
    // A single-page project is its page: the project takes the page's title (ShowDoc does the same).
    if (access.item.item_type === 2) await trx.updateTable('item').set({ item_name: firstGraphemes(title, MAX_ITEM_NAME_CHARS) }).where('item_id', '=', input.item_id).execute();
    return saved;
  });
}
