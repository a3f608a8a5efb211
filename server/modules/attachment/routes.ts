import { z } from 'zod';
import type { AuthedCtx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { RawResponse } from '../../http/envelope.js';
import { zId, zInt, zText } from '../../http/fields.js';
import { defineRoute, requireUser } from '../../http/route.js';
import { UPLOAD_BODY_LIMIT } from './limits.js';
import { deleteMyFile, myFiles } from './my-files.js';
import { bindToPage, deletePageFile, pageFiles } from './page-files.js';
import { storeUpload } from './store.js';
import { visitFile } from './visit.js';
import * as answer from '../../../common/answers/attachment.js';

const Target = z.object({ item_id: zInt(0).default(0), page_id: zInt(0).default(0) });
const json = (body: answer.ImageUploaded | answer.FileUploaded) => new RawResponse('application/json; charset=utf-8', JSON.stringify(body));

/** editor.md's answer shape, which ShowDoc's image upload keeps: `{success, url}` or `{success: 0, message}`. */
async function uploadImage(ctx: AuthedCtx, input: z.output<typeof Target>) {
  const file = ctx.files.find((f) => f.field === 'editormd-image-file') ?? ctx.files.find((f) => f.field === 'file');
  try {
    const stored = await storeUpload(ctx, file, { itemId: input.item_id, pageId: input.page_id }, { imagesOnly: true });
    return json({ success: 1, url: stored.url, file_id: stored.file_id });
  } catch (error) {
    // Permission answers keep the envelope, so clients still react to 10102/10303.
    if (error instanceof ApiError && error.code !== 10101) throw error;
    return json({ success: 0, message: error instanceof ApiError ? error.textIn(ctx.lang) : 'upload failed' });
  }
}

/** ShowDoc answers a stored attachment without the envelope: `{url, success: 1}`. */
async function uploadAttachment(ctx: AuthedCtx, input: z.output<typeof Target>) {
  const file = ctx.files.find((f) => f.field === 'file') ?? ctx.files[0];
  const stored = await storeUpload(ctx, file, { itemId: input.item_id, pageId: input.page_id }, { imagesOnly: false });
  return json({ url: stored.url, success: 1, file_id: stored.file_id, display_name: stored.display_name });
}

const upload = { input: Target, auth: 'required' as const, bodyLimit: UPLOAD_BODY_LIMIT };
const PageFile = z.object({ file_id: zId, page_id: zId });
const MyList = z.object({
  page: zInt(1, 100_000).default(1),
  count: zInt(1, 100).default(20),
  attachment_type: zInt(-1, 2).default(-1),
  display_name: zText(200).default(''),
});

export const attachmentRoutes = [
  defineRoute({ path: 'attachment/uploadImg', ...upload, handler: (ctx, input) => uploadImage(requireUser(ctx), input) }),
  defineRoute({ path: 'page/uploadImg', ...upload, handler: (ctx, input) => uploadImage(requireUser(ctx), input) }),
  defineRoute({ path: 'attachment/attachmentUpload', ...upload, handler: (ctx, input) => uploadAttachment(requireUser(ctx), input) }),
  defineRoute({ path: 'page/upload', ...upload, handler: (ctx, input) => uploadAttachment(requireUser(ctx), input) }),
  defineRoute({
    path: 'page/uploadList',
    input: z.object({ page_id: zInt(0).default(0) }),
    auth: 'optional',
    output: answer.PageFiles,
    handler: (ctx, input) => pageFiles(ctx, input.page_id),
  }),
  defineRoute({ path: 'page/deleteUploadFile', input: PageFile, auth: 'required', output: answer.AttachmentDone, handler: (ctx, input) => deletePageFile(requireUser(ctx), input.file_id, input.page_id) }),
  defineRoute({ path: 'attachment/bindingPage', input: PageFile, auth: 'required', output: answer.AttachmentDone, handler: (ctx, input) => bindToPage(requireUser(ctx), input.file_id, input.page_id) }),
  defineRoute({ path: 'attachment/getMyList', input: MyList, auth: 'required', output: answer.MyAttachmentList, handler: (ctx, input) => myFiles(requireUser(ctx), input) }),
  defineRoute({
    path: 'attachment/deleteMyAttachment',
    input: z.object({ file_id: zId }),
    auth: 'required',
    output: answer.AttachmentDone,
    handler: (ctx, input) => deleteMyFile(requireUser(ctx), input.file_id),
  }),
  defineRoute({ path: 'attachment/visitFile', input: z.object({ sign: zText(200).default('') }), auth: 'none', safeForGet: true, handler: (ctx, input) => visitFile(ctx, input.sign) }),
  defineRoute({ path: 'common/visitFile', input: z.object({ sign: zText(200).default('') }), auth: 'none', safeForGet: true, handler: (ctx, input) => visitFile(ctx, input.sign) }),
];
