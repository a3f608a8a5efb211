import type { Ctx } from '../../../context.js';
import { WORD_MAX_IMAGE_BYTES, WORD_MAX_IMAGES_BYTES } from '../limits.js';
import { imageFacts, type ImageFacts } from './image-size.js';

export interface EmbeddedImage extends ImageFacts {
  data: Buffer;
}

/** `…/api/attachment/visitFile&sign=…`, `…?s=/api/common/visitFile/sign/…`: the forms Folio and ShowDoc write. */
const VISIT_FILE = /\/api\/(?:attachment|common)\/visitfile(?:[&?/#]|$)/i;
const SIGN = /(?:[?&]sign=|\/sign\/)([0-9a-f]{16,64})(?=[&#/]|$)/i;

/** The attachment sign an image address names, or null for any other address. */
export function attachmentSign(src: string): string | null {
  if (!VISIT_FILE.test(src)) return null;
  return SIGN.exec(src)?.[1] ?? null;
}

/**
 * The images a Word export may embed: Folio's own attachments only, read from the blob store. Nothing
 * is ever fetched from the network (security.md C17): any other address stays a link. An attachment
 * is embedded only when it belongs to the exported project (uploaded to it or bound to one of its
 * pages) or was uploaded by the person exporting, so a page cannot pull another project's files into
 * an export by naming their sign. Sizes are capped per image and per export.
 */
export class AttachmentImages {
  private readonly cache = new Map<string, EmbeddedImage | null>();
  private budget = WORD_MAX_IMAGES_BYTES;

  constructor(
    private readonly ctx: Ctx,
    private readonly itemId: number,
  ) {}

  async resolve(src: string): Promise<EmbeddedImage | null> {
    const sign = attachmentSign(src);
    if (!sign) return null;
    const key = sign.toLowerCase();
    if (this.cache.has(key)) return this.cache.get(key) ?? null;
    const image = await this.load(key);
    this.cache.set(key, image);
    return image;
  }

  private async load(sign: string): Promise<EmbeddedImage | null> {
    const file = await this.ctx.db
      .selectFrom('upload_file')
      .select(['file_id', 'item_id', 'uid', 'file_size', 'storage_key'])
      .where('sign', '=', sign)
      .executeTakeFirst();
    if (!file || !file.storage_key || file.file_size > WORD_MAX_IMAGE_BYTES || file.file_size > this.budget) return null;
    if (!(await this.belongs(file))) return null;
    const data = await this.ctx.storage.get(file.storage_key);
    if (!data || data.length > WORD_MAX_IMAGE_BYTES || data.length > this.budget) return null;
    const facts = imageFacts(data);
    if (!facts) return null;
    this.budget -= data.length;
    return { ...facts, data };
  }

  private async belongs(file: { file_id: number; item_id: number; uid: number }): Promise<boolean> {
    if (file.item_id === this.itemId) return true;
    if (this.ctx.user && file.uid === this.ctx.user.uid) return true;
    const bound = await this.ctx.db
      .selectFrom('file_page')
      .select('id')
      .where('file_id', '=', file.file_id)
      .where('item_id', '=', this.itemId)
      .executeTakeFirst();
    return bound !== undefined;
  }
}
