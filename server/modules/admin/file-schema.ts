import { z } from 'zod';
import { zId, zInt, zText } from '../../http/fields.js';

/** `attachment/getAllList` and `attachment/getUnusedList`. */
export const AdminFileListQuery = z.object({
  page: zInt(1, 100_000).default(1),
  count: zInt(1, 100).default(20),
  /** -1 all, 1 images, 2 other files (0 or blank: all). */
  attachment_type: zInt(-1, 2).default(-1),
  display_name: zText(200).default(''),
  /** The uploader's username, part of it. */
  username: zText(200).default(''),
});
export type AdminFileListInput = z.output<typeof AdminFileListQuery>;

export const AdminFileRef = z.object({ file_id: zId });
export type AdminFileRefInput = z.output<typeof AdminFileRef>;

export const MAX_BATCH_FILES = 500;

/**
 * The console posts `file_ids` as a JSON array; scripts send `file_ids=[1,2]` or `file_ids=1,2` in a form,
 * or `file_ids[]=1&file_ids[]=2`. All become one list of positive ids, at most MAX_BATCH_FILES of them.
 */
function idsFrom(value: unknown): unknown {
  if (typeof value === 'number') return [value];
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return [];
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return value;
    }
  }
  return text.split(',').map((part) => part.trim());
}

/** Longer lists are read (the body limit caps them) so the answer can say how many are allowed (10101). */
export const AdminFileBatch = z.object({
  file_ids: z.preprocess(idsFrom, z.array(zId).min(1).max(100_000)),
});
export type AdminFileBatchInput = z.output<typeof AdminFileBatch>;
