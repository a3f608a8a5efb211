import crypto from 'node:crypto';
import path from 'node:path/posix';
import type { Ctx } from '../../context.js';
import { newBlobKey } from '../../storage/blob-store.js';
import { fileUrl } from '../attachment/file-url.js';
import { siteOrigin } from '../admin/setting-values.js';
import { UPLOAD_LIMIT } from '../attachment/limits.js';
import { checkUpload } from '../attachment/upload-rules.js';
import { MAX_ZIP_IMAGES } from './limits.js';
import type { PlannedImage } from './plan.js';

/**
 * Images of a zip, stored like editor uploads (same size limit, same sniffing and allowlist) before the
 * import's transaction; their rows are written inside it. An image that fails the checks is left out
 * and its link stays as it was.
 */

export interface StoredImage {
  /** Path in the zip. */
  path: string;
  key: string;
  sign: string;
  url: string;
  displayName: string;
  mime: string;
  size: number;
}

export async function storeImages(ctx: Ctx, images: readonly PlannedImage[]): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  const origin = await siteOrigin(ctx);
  try {
    for (const image of images.slice(0, MAX_ZIP_IMAGES)) {
      if (image.data.length > UPLOAD_LIMIT) continue;
      let checked;
      try {
        checked = await checkUpload(path.basename(image.path), image.data, { imagesOnly: true });
      } catch {
        continue;
      }
      const key = newBlobKey();
      const sign = crypto.randomBytes(32).toString('hex');
      await ctx.storage.put(key, image.data);
      stored.push({ path: image.path, key, sign, url: fileUrl(origin, sign), displayName: checked.displayName, mime: checked.mime, size: image.data.length });
    }
  } catch (error) {
    await removeImages(ctx, stored);
    throw error;
  }
  return stored;
}

/** Removes stored bytes again (the transaction that would have recorded them rolled back). */
export async function removeImages(ctx: Ctx, images: readonly StoredImage[]): Promise<void> {
  for (const image of images) await ctx.storage.remove(image.key).catch(() => undefined);
}
