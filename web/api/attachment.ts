import type { FileUploaded, ImageUploaded, MyAttachment, MyAttachmentList } from '../../common/answers/attachment';
import { apiPost, ApiCallError, ClientErrorCode } from './client';
import i18n from '../i18n';

export type { MyAttachment, MyAttachmentList };

/** Uploads go as multipart, like ShowDoc's editor sends them; the answers are not all envelopes (reference §2.4). */
export interface UploadOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** What an upload answers: editor.md's shape without the envelope, or the envelope of a refusal. */
type UploadAnswer = ImageUploaded | FileUploaded | { error_code: number; error_message: string };

/** XMLHttpRequest rather than fetch: only it reports upload progress. */
function postFile(path: string, field: string, file: File, fields: Record<string, number>, options: UploadOptions = {}): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
    form.append(field, file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/${path}`);
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept-Language', i18n.language);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as UploadAnswer | null;
      if (body && typeof body === 'object') resolve(body);
      else reject(new ApiCallError(ClientErrorCode.badResponse, i18n.t('api.badResponse', { status: xhr.status }), 'bad-response'));
    };
    xhr.onerror = () => reject(new ApiCallError(ClientErrorCode.network, i18n.t('api.network'), 'network'));
    xhr.onabort = () => reject(new ApiCallError(ClientErrorCode.aborted, 'aborted', 'aborted'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function failure(answer: UploadAnswer): ApiCallError {
  if ('error_code' in answer) return new ApiCallError(answer.error_code, answer.error_message || i18n.t('api.failed', { code: answer.error_code }));
  const text = 'message' in answer ? answer.message : '';
  return new ApiCallError(10101, text || i18n.t('api.failed', { code: 10101 }));
}

function uploadedUrl(answer: UploadAnswer): string | null {
  return 'success' in answer && answer.success === 1 && answer.url ? answer.url : null;
}

/** A file attached to the page (`page/upload`); answers the file's address. */
export async function uploadPageFile(file: File, itemId: number, pageId: number, options?: UploadOptions): Promise<string> {
  const answer = await postFile('page/upload', 'file', file, { item_id: itemId, page_id: pageId }, options);
  const url = uploadedUrl(answer);
  if (url) return url;
  throw failure(answer);
}

/** An image pasted into the text (`page/uploadImg`, editor.md's answer shape); answers its address. */
export async function uploadPageImage(file: File, itemId: number, pageId: number, options?: UploadOptions): Promise<string> {
  const answer = await postFile('page/uploadImg', 'editormd-image-file', file, { item_id: itemId, page_id: pageId }, options);
  const url = uploadedUrl(answer);
  if (url) return url;
  throw failure(answer);
}

export function deletePageFile(fileId: number, pageId: number): Promise<unknown> {
  return apiPost('page/deleteUploadFile', { file_id: fileId, page_id: pageId }, { silent: true });
}

/** Seed 000 §9: -1 every file, 1 images, 2 everything else. */
export type AttachmentTypeFilter = -1 | 1 | 2;

export interface MyAttachmentQuery {
  /** 1-based. */
  page: number;
  /** The server allows at most 100. */
  count: number;
  attachmentType: AttachmentTypeFilter;
  /** A part of the file name; empty for all. */
  displayName: string;
}

export const attachmentKeys = {
  mine: () => ['myAttachments'] as const,
  myPage: (query: Omit<MyAttachmentQuery, 'count'>) => [...attachmentKeys.mine(), query.attachmentType, query.displayName, query.page] as const,
};

/** The attachment center's list (`attachment/getMyList`); silent, the screen shows its own failure. */
export function fetchMyAttachments(query: MyAttachmentQuery, signal?: AbortSignal): Promise<MyAttachmentList> {
  return apiPost<MyAttachmentList>(
    'attachment/getMyList',
    { page: query.page, count: query.count, attachment_type: query.attachmentType, display_name: query.displayName },
    { silent: true, signal },
  );
}

/** Deletes one of the caller's own files everywhere it is attached. */
export function deleteMyAttachment(fileId: number): Promise<unknown> {
  return apiPost('attachment/deleteMyAttachment', { file_id: fileId }, { silent: true });
}
