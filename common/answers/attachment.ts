import { z } from 'zod';
import { empty, folioOnly, int, text } from '../wire.js';

/**
 * What the attachment actions answer (showdoc-behaviour.md §2.4, §6.9, §6.4 page/uploadList). ShowDoc
 * 3.9.2 casts the ids and counts of these lists to PHP ints (AttachmentController, FilePage), so they are
 * numbers on both URL forms.
 */

/**
 * `attachment/uploadImg` (= `page/uploadImg`): editor.md's shape, without the envelope, on every URL
 * form alike (a raw answer: nothing translates it). `file_id` is Folio's, for its file hub.
 */
export const ImageUploaded = z.union([
  z.object({ success: z.literal(1), url: text(), file_id: int() }),
  z.object({ success: z.literal(0), message: text() }),
]);
export type ImageUploaded = z.infer<typeof ImageUploaded>;

/**
 * `attachment/attachmentUpload` (= `page/upload`): `{url, success: 1}` without the envelope; refusals
 * come in the envelope. `file_id` and `display_name` are Folio's.
 */
export const FileUploaded = z.object({ url: text(), success: z.literal(1), file_id: int(), display_name: text() });
export type FileUploaded = z.infer<typeof FileUploaded>;

/** One file of `page/uploadList`. */
export const PageFile = z.object({
  file_id: int(),
  display_name: text(),
  url: text(),
  addtime: text(),
  file_type: text(),
  file_size: folioOnly(int()),
});
export type PageFile = z.infer<typeof PageFile>;
export const PageFiles = z.array(PageFile);

/** One of the caller's uploads in `attachment/getMyList`; `last_visit_time` is '' when nobody opened it yet. */
export const MyAttachment = z.object({
  file_id: int(),
  uid: int(),
  file_type: text(),
  visit_times: int(),
  file_size: int(),
  file_size_m: z.number(),
  item_id: int(),
  page_id: int(),
  display_name: text(),
  url: text(),
  addtime: text(),
  last_visit_time: text(),
});
export type MyAttachment = z.infer<typeof MyAttachment>;

/** `attachment/getMyList`: a page of uploads, the space they take and this month's download traffic (MB). */
export const MyAttachmentList = z.object({
  list: z.array(MyAttachment),
  total: int(),
  used: int(),
  used_m: z.number(),
  used_flow_m: z.number(),
});
export type MyAttachmentList = z.infer<typeof MyAttachmentList>;

/** `page/deleteUploadFile`, `attachment/bindingPage`, `attachment/deleteMyAttachment`. */
export const AttachmentDone = empty();
