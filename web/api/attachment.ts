import { apiPost, ApiCallError, ClientErrorCode } from './client';
import i18n from '../i18n';

/** Uploads go as multipart, like ShowDoc's editor sends them; the answers are not all envelopes (reference §2.4). */
export interface UploadOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

interface UploadAnswer {
  success?: number;
  url?: string;
  message?: string;
  error_code?: number;
  error_message?: string;
  file_id?: number;
}

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
  const code = Number(answer.error_code ?? 10101);
  return new ApiCallError(code, answer.error_message ?? answer.message ?? i18n.t('api.failed', { code }));
}

/** A file attached to the page (`page/upload`); answers the file's address. */
export async function uploadPageFile(file: File, itemId: number, pageId: number, options?: UploadOptions): Promise<string> {
  const answer = await postFile('page/upload', 'file', file, { item_id: itemId, page_id: pageId }, options);
  if (Number(answer.success) === 1 && answer.url) return answer.url;
  throw failure(answer);
}

/** An image pasted into the text (`page/uploadImg`, editor.md's answer shape); answers its address. */
export async function uploadPageImage(file: File, itemId: number, pageId: number, options?: UploadOptions): Promise<string> {
  const answer = await postFile('page/uploadImg', 'editormd-image-file', file, { item_id: itemId, page_id: pageId }, options);
  if (Number(answer.success) === 1 && answer.url) return answer.url;
  throw failure(answer);
}

export function deletePageFile(fileId: number, pageId: number): Promise<unknown> {
  return apiPost('page/deleteUploadFile', { file_id: fileId, page_id: pageId }, { silent: true });
}

/** One of the caller's uploads, as `attachment/getMyList` lists it. */
export interface MyAttachment {
  file_id: number;
  uid: number;
  file_type: string;
  visit_times: number;
  file_size: number;
  file_size_m: number;
  item_id: number;
  page_id: number;
  display_name: string;
  url: string;
  addtime: string;
  last_visit_time: string;
}

/** A page of the caller's uploads, with the space they take and this month's download traffic. */
export interface MyAttachmentList {
  list: MyAttachment[];
  total: number;
  used: number;
  used_m: number;
  used_flow_m: number;
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
