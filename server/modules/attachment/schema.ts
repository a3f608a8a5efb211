import { z } from 'zod';
import { zId, zInt, zText } from '../../http/fields.js';

/** Where an upload goes: a project and, when the editor has one open, a page (0 = none). */
export const UploadTarget = z.object({ item_id: zInt(0).default(0), page_id: zInt(0).default(0) });
export type UploadTargetInput = z.infer<typeof UploadTarget>;

export const PageFileList = z.object({ page_id: zInt(0).default(0) });
export type PageFileListInput = z.infer<typeof PageFileList>;

export const PageFile = z.object({ file_id: zId, page_id: zId });
export type PageFileInput = z.infer<typeof PageFile>;

export const MyFileList = z.object({
  page: zInt(1, 100_000).default(1),
  count: zInt(1, 100).default(20),
  attachment_type: zInt(-1, 2).default(-1),
  display_name: zText(200).default(''),
});
export type MyFileListInput = z.infer<typeof MyFileList>;

export const MyFile = z.object({ file_id: zId });
export type MyFileInput = z.infer<typeof MyFile>;

export const VisitFile = z.object({ sign: zText(200).default('') });
export type VisitFileInput = z.infer<typeof VisitFile>;
