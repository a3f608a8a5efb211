import type { ImportDone } from '../../../common/answers/import.js';
import type { AuthedCtx, UploadedFile } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { recordChange } from '../changeLog/record.js';
import { withItemsLocked, type Trx } from '../../db/locks.js';
import { requireManage, requirePagesWritable } from '../item/access.js';
import { applyPlan } from './apply-plan.js';
import { detectPlan } from './detect.js';
import { MAX_UPLOAD_BYTES } from './limits.js';
import { removeImages, storeImages } from './images.js';
import { claimImportSlot } from './one-at-a-time.js';
import { validatePlan } from './validate-plan.js';

/**
 * `import/auto` (and ShowDoc's `import/importMarkdownInfo`, `importSwagger/import`,
 * `importPostman/import`): one upload becomes a new project of the caller's, or pages in a project the
 * caller manages. The file is read, converted and checked completely first; images are stored; then
 * every row is written in one transaction, and a failure anywhere leaves nothing behind (the stored
 * images are removed again).
 */

const MB = 1024 * 1024;
/** Only regular projects take imported pages; the others hold one page or are read-only on the web. */
const IMPORTABLE_INTO = new Set([1]);

function uploaded(ctx: AuthedCtx): UploadedFile {
  const file = ctx.files.find((f) => f.field === 'file') ?? ctx.files[0];
  if (!file) throw new ApiError(10101, 'import.noFile');
  if (file.data.length > MAX_UPLOAD_BYTES) throw new ApiError(10101, 'import.tooLarge', { max: String(MAX_UPLOAD_BYTES / MB) });
  if (file.data.length === 0) throw new ApiError(10101, 'import.empty');
  return file;
}

export async function importAuto(ctx: AuthedCtx, itemId: number): Promise<ImportDone> {
  const file = uploaded(ctx);
  const release = claimImportSlot(ctx.user.uid);
  try {
    return await importFile(ctx, file, itemId);
  } finally {
    release();
  }
}

async function importFile(ctx: AuthedCtx, file: UploadedFile, itemId: number): Promise<ImportDone> {
  // Permission before any parsing: a caller who may not import here costs nothing.
  if (itemId > 0) {
    const access = await requireManage(ctx, itemId);
    requirePagesWritable(access.item);
    if (!IMPORTABLE_INTO.has(access.item.item_type)) throw new ApiError(10101, 'import.wrongProjectType');
  }
  const plan = await detectPlan(ctx, file);
  validatePlan(plan);
  const images = await storeImages(ctx, plan.images);
  try {
    if (itemId > 0) {
      return await withItemsLocked(ctx, [itemId], async (trx) => {
        const result = await applyPlan(ctx, trx, itemId, plan, images, { newProject: false });
        const item = await trx.selectFrom('item').select('item_name').where('item_id', '=', itemId).executeTakeFirstOrThrow();
        await recordChange(ctx, { itemId, action: 'update', object: 'item', objectId: itemId, objectName: item.item_name, remark: `import: ${result.created} created, ${result.updated} updated` }, trx);
        return { item_id: itemId };
      });
    }
    return await ctx.db.transaction().execute(async (trx: Trx) => {
      const now = ctx.clock.now();
      const created = await trx
        .insertInto('item')
        .values({
          item_name: plan.project.name,
          item_description: plan.project.description,
          uid: ctx.user.uid,
          username: ctx.user.username,
          // Public: ShowDoc made imported projects private with a password nobody was told.
          password: '',
          item_type: plan.project.itemType,
          addtime: now,
          last_update_time: now,
        })
        .returning('item_id')
        .executeTakeFirstOrThrow();
      await applyPlan(ctx, trx, created.item_id, plan, images, { newProject: true });
      return { item_id: created.item_id };
    });
  } catch (error) {
    await removeImages(ctx, images);
    throw error;
  }
}
