import type { AuthedCtx } from '../../context.js';
import type { Trx } from '../../db/locks.js';
import type { StoredImage } from './images.js';
import { runApiExtInfo } from '../page/ext-info.js';
import { pathWriter } from './page-writer.js';
import type { ImportPlan } from './plan.js';
import { MAX_CONTENT_CHARS, wellFormed } from '../page/content.js';
import { rewriteImageLinks } from './zip-images.js';
import { rewritePageLinks, type PageLink } from './zip-page-links.js';

/**
 * Writes a checked plan into a project, inside the caller's transaction. A new project gets no history
 * or per-page log (there is nothing to keep); an existing one keeps the text its pages had.
 */
export async function applyPlan(
  ctx: AuthedCtx,
  trx: Trx,
  itemId: number,
  plan: ImportPlan,
  images: readonly StoredImage[],
  options: { newProject: boolean },
): Promise<{ created: number; updated: number }> {
  const writer = pathWriter(ctx, trx, itemId, { author: ctx.user, keepHistory: !options.newProject, logEachPage: false });
  for (const catalog of plan.catalogs) await writer.catalog(catalog.path, catalog.sNumber);

  const imageByPath = new Map(images.map((image) => [image.path, image]));
  /** Pages that link to each stored image, for its bindings. */
  const pagesOfImage = new Map<string, number[]>();
  /** The page each file of a markdown zip became, and what was written into pages that link to others. */
  const pageOfEntry = new Map<string, number>();
  const linking = new Map<number, { content: string; links: Map<string, PageLink> }>();
  let created = 0;
  let updated = 0;
  for (const page of plan.pages) {
    const urls = new Map<string, string>();
    for (const [link, entry] of page.images ?? []) {
      const image = imageByPath.get(entry);
      if (image) urls.set(link, image.url);
    }
    const content = rewriteImageLinks(page.content, urls);
    // A RunApi project's pages say what API they are, as ShowDoc's page/save records it (page/ext-info.ts).
    const extInfo = runApiExtInfo(plan.project.itemType, content);
    const write = { catId: await writer.catalog(page.path), title: page.title, content, ...(page.sNumber !== undefined ? { sNumber: page.sNumber } : {}), ...(page.comments !== undefined ? { comments: page.comments } : {}), ...(extInfo ? { extInfo } : {}) };
    const result = page.insert ? { page: await writer.insertPage(write), created: true } : await writer.upsertPage(write);
    if (result.created) created++;
    else updated++;
    if (page.entry !== undefined) pageOfEntry.set(page.entry, result.page.page_id);
    // A later file of the same title overwrote this page: its text, and its links, are the ones kept.
    if (page.pageLinks) linking.set(result.page.page_id, { content, links: page.pageLinks });
    else linking.delete(result.page.page_id);
    for (const entry of new Set(page.images?.values() ?? [])) {
      if (imageByPath.has(entry)) pagesOfImage.set(entry, [...(pagesOfImage.get(entry) ?? []), result.page.page_id]);
    }
  }

  await rewriteLinksBetweenPages(trx, itemId, pageOfEntry, linking);

  const now = ctx.clock.now();
  for (const image of images) {
    const pageIds = [...new Set(pagesOfImage.get(image.path) ?? [])];
    const row = await trx
      .insertInto('upload_file')
      .values({
        sign: image.sign,
        display_name: image.displayName,
        file_type: image.mime,
        file_size: image.size,
        uid: ctx.user.uid,
        item_id: itemId,
        page_id: pageIds[0] ?? 0,
        addtime: now,
        last_update_time: now,
        storage_key: image.key,
      })
      .returning('file_id')
      .executeTakeFirstOrThrow();
    for (const pageId of pageIds) await trx.insertInto('file_page').values({ file_id: row.file_id, page_id: pageId, item_id: itemId, addtime: now }).execute();
  }
  return { created, updated };
}

/**
 * Second pass, once every page has its id: links between pages of the zip become the reader's addresses.
 * This completes the write the first pass made in this transaction (same version, no new history entry);
 * the search index follows the row by itself. A page whose text would outgrow the limit keeps its links.
 */
async function rewriteLinksBetweenPages(
  trx: Trx,
  itemId: number,
  pageOfEntry: ReadonlyMap<string, number>,
  linking: ReadonlyMap<number, { content: string; links: ReadonlyMap<string, PageLink> }>,
): Promise<void> {
  for (const [pageId, { content, links }] of linking) {
    const urls = new Map<string, string>();
    for (const [written, link] of links) {
      const target = pageOfEntry.get(link.entry);
      if (target !== undefined) urls.set(written, `/${itemId}/${target}${link.fragment}`);
    }
    const rewritten = rewritePageLinks(content, urls);
    if (rewritten === content || rewritten.length > MAX_CONTENT_CHARS) continue;
    await trx.updateTable('page').set({ page_content: wellFormed(rewritten) }).where('page_id', '=', pageId).execute();
  }
}
