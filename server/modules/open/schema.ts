import { z } from 'zod';
import { zFlag, zInt, zText } from '../../http/fields.js';
import { MAX_RAW_CONTENT } from '../page/schema.js';

/**
 * What the open API accepts, with ShowDoc's parameter names (reference §6.15). Every call carries the
 * project's credentials; text never carries NUL characters (PostgreSQL cannot store them, security.md E8).
 */
const zPlainText = (max: number) => zText(max).refine((s) => !s.includes('\u0000'), 'NUL characters are not allowed');

/** ShowDoc's keys are 32 hex digits plus a decimal rand(); Folio's are 32 hex digits. */
const credentials = { api_key: zPlainText(200).default(''), api_token: zPlainText(200).default('') };

/** 0 or absent = not given, as ShowDoc's int defaults read. */
const optionalId = zInt(0).default(0);

export const Credentials = z.object(credentials);
export type CredentialsInput = z.infer<typeof Credentials>;

export const UpdatePage = z.object({
  ...credentials,
  cat_name: zPlainText(2000).default(''),
  cat_name_sub: zPlainText(1000).default(''),
  page_title: zPlainText(4000).default(''),
  page_content: zPlainText(MAX_RAW_CONTENT).default(''),
  is_urlencode: zFlag.default(false),
  s_number: zInt().optional(),
});
export type UpdatePageInput = z.infer<typeof UpdatePage>;

export const GetPage = z.object({ ...credentials, page_id: optionalId, page_title: zPlainText(4000).default('') });
export type GetPageInput = z.infer<typeof GetPage>;

export const DeletePage = z.object({ ...credentials, page_id: zInt(1) });
export type DeletePageInput = z.infer<typeof DeletePage>;

export const CreateCatalog = z.object({ ...credentials, cat_name: zPlainText(2000).default(''), parent_cat_id: optionalId, s_number: zInt().optional() });
export type CreateCatalogInput = z.infer<typeof CreateCatalog>;

export const UpdateCatalog = z.object({
  ...credentials,
  cat_id: zInt(1),
  cat_name: zPlainText(2000).default(''),
  parent_cat_id: zInt(0).optional(),
  s_number: zInt().optional(),
});
export type UpdateCatalogInput = z.infer<typeof UpdateCatalog>;

export const DeleteCatalog = z.object({ ...credentials, cat_id: zInt(1) });
export type DeleteCatalogInput = z.infer<typeof DeleteCatalog>;

export const UploadAttachment = z.object({ ...credentials, page_id: optionalId });
export type UploadAttachmentInput = z.infer<typeof UploadAttachment>;

export const DeleteAttachment = z.object({ ...credentials, file_id: optionalId, sign: zPlainText(200).default(''), file_url: zPlainText(2000).default('') });
export type DeleteAttachmentInput = z.infer<typeof DeleteAttachment>;

/**
 * The text endpoints answer plain text even for bad input, so the router lets everything through and
 * the service parses with these.
 */
export const AnyParams = z.record(z.string(), z.unknown());

/** Source text of one call: ShowDoc's script sends a whole file's comments at once. */
export const MAX_COMMENT_CHARS = 4 * 1024 * 1024;

/** `from` (ShowDoc's script sends `shell`) is ignored, as ShowDoc ignores it. */
export const FromComments = z.object({ ...credentials, content: zPlainText(MAX_COMMENT_CHARS).default('') });
export type FromCommentsInput = z.infer<typeof FromComments>;

/** One TSV dump (information_schema rows of a whole database). */
export const MAX_DUMP_CHARS = 4 * 1024 * 1024;

export const UpdateDbItem = z.object({
  ...credentials,
  table_info: zPlainText(MAX_DUMP_CHARS).default(''),
  table_detail: zPlainText(MAX_DUMP_CHARS).default(''),
  table_index: zPlainText(MAX_DUMP_CHARS).default(''),
  cat_name: zPlainText(2000).default(''),
  s_number: zInt().optional(),
});
export type UpdateDbItemInput = z.infer<typeof UpdateDbItem>;
