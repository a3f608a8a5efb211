import type { AuthedCtx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { RawResponse } from '../../http/envelope.js';
import { defineRoute } from '../../http/route.js';
import { UPLOAD_CEILING, UPLOAD_CEILING_BODY_LIMIT } from './limits.js';
import { deleteMyFile, myFiles } from './my-files.js';
import { bindToPage, deletePageFile, pageFiles } from './page-files.js';
import { storeUpload } from './store.js';
import { visitFile } from './visit.js';
import { MyFile, MyFileList, PageFile, PageFileList, UploadTarget, VisitFile, type UploadTargetInput } from './schema.js';
import * as answer from '../../../common/answers/attachment.js';

const json = (body: answer.ImageUploaded | answer.FileUploaded) => new RawResponse('application/json; charset=utf-8', JSON.stringify(body));

/** editor.md's answer shape, which ShowDoc's image upload keeps: `{success, url}` or `{success: 0, message}`. */
async function uploadImage(ctx: AuthedCtx, input: UploadTargetInput) {
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
async function uploadAttachment(ctx: AuthedCtx, input: UploadTargetInput) {
  const file = ctx.files.find((f) => f.field === 'file') ?? ctx.files[0];
  const stored = await storeUpload(ctx, file, { itemId: input.item_id, pageId: input.page_id }, { imagesOnly: false });
  return json({ url: stored.url, success: 1, file_id: stored.file_id, display_name: stored.display_name });
}

// The body may be as large as the largest limit a site can set; storeUpload checks the site's own limit.
const upload = { input: UploadTarget, auth: 'required' as const, bodyLimit: UPLOAD_CEILING_BODY_LIMIT, fileLimit: UPLOAD_CEILING };

export const attachmentRoutes = [
  defineRoute({ path: 'attachment/uploadImg', ...upload, handler: (ctx, input) => uploadImage(ctx, input) }),
  defineRoute({ path: 'page/uploadImg', ...upload, handler: (ctx, input) => uploadImage(ctx, input) }),
  defineRoute({ path: 'attachment/attachmentUpload', ...upload, handler: (ctx, input) => uploadAttachment(ctx, input) }),
  defineRoute({ path: 'page/upload', ...upload, handler: (ctx, input) => uploadAttachment(ctx, input) }),
  defineRoute({
    path: 'page/uploadList',
    input: PageFileList,
    auth: 'optional',
    get: 'read',
    output: answer.PageFiles,
    handler: (ctx, input) => pageFiles(ctx, input.page_id),
  }),
  defineRoute({ path: 'page/deleteUploadFile', input: PageFile, auth: 'required', output: answer.AttachmentDone, handler: (ctx, input) => deletePageFile(ctx, input.file_id, input.page_id) }),
  defineRoute({ path: 'attachment/bindingPage', input: PageFile, auth: 'required', output: answer.AttachmentDone, handler: (ctx, input) => bindToPage(ctx, input.file_id, input.page_id) }),
  defineRoute({ path: 'attachment/getMyList', input: MyFileList, auth: 'required', get: 'read', output: answer.MyAttachmentList, handler: (ctx, input) => myFiles(ctx, input) }),
  defineRoute({
    path: 'attachment/deleteMyAttachment',
    input: MyFile,
    auth: 'required',
    output: answer.AttachmentDone,
    handler: (ctx, input) => deleteMyFile(ctx, input.file_id),
  }),
  defineRoute({ path: 'attachment/visitFile', input: VisitFile, auth: 'none', get: 'link', handler: (ctx, input) => visitFile(ctx, input.sign) }),
  defineRoute({ path: 'common/visitFile', input: VisitFile, auth: 'none', get: 'link', handler: (ctx, input) => visitFile(ctx, input.sign) }),
];
