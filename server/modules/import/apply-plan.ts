import type { AuthedCtx } from '../../context.js';
import type { Trx } from '../../db/locks.js';
import type { StoredImage } from './images.js';
import { runApiExtInfo } from '../page/ext-info.js';
import { pathWriter } from './page-writer.js';
import type { ImportPlan } from './plan.js';
import { rewriteImageLinks } from './zip-images.js';

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
    for (const entry of new Set(page.images?.values() ?? [])) {
      if (imageByPath.has(entry)) pagesOfImage.set(entry, [...(pagesOfImage.get(entry) ?? []), result.page.page_id]);
    }
  }

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
