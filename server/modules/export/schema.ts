import { z } from 'zod';
import { zId, zInt, zText } from '../../http/fields.js';

/** `export/word`: the whole project (cat_id 0, page_id 0), one catalog with everything below it, or one page. */
export const ExportWord = z.object({
  item_id: zId,
  cat_id: zInt(0).default(0),
  page_id: zInt(0).default(0),
});
export type ExportWordInput = z.infer<typeof ExportWord>;

export const ExportMarkdown = z.object({ item_id: zId });
export type ExportMarkdownInput = z.infer<typeof ExportMarkdown>;

/**
 * ShowDoc's browser app asks this before an export and always hears yes. Folio's browser app also sends
 * the export it is about to start (`item_id` and, for Word, `cat_id`/`page_id`) and hears the refusal the
 * download would get, so the person sees a message instead of a page of JSON.
 */
export const CheckMarkdownLimit = z.object({
  export_format: zText(20).default(''),
  item_id: zInt(0).default(0),
  cat_id: zInt(0).default(0),
  page_id: zInt(0).default(0),
});
export type CheckMarkdownLimitInput = z.infer<typeof CheckMarkdownLimit>;
