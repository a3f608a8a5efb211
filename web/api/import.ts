import type { ImportDone } from '../../common/answers/import';
import i18n, { currentLanguage } from '../i18n';
import { ApiCallError, ClientErrorCode } from './client';

/** Seed 000 §9 allows 4 MB for attachments; a whole project's export is allowed more (the server's limit). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** What the picker offers; the server still decides by the bytes, not the name. */
export const IMPORT_ACCEPT = '.zip,.json,.yaml,.yml';

export interface ImportOptions {
  /** Load the pages into this project (needs manage permission); left out, a new project is built. */
  itemId?: number;
  /** 0–100 while the bytes go up; the server's work after 100 is not reported. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export interface ImportResult {
  /** The project the pages went into; null when the server did not say (ShowDoc's markdown-tree answer is `[]`). */
  itemId: number | null;
}

interface Envelope {
  error_code?: unknown;
  error_message?: unknown;
  data?: unknown;
}

/**
 * `import/auto` (multipart `file`, `item_id`). XMLHttpRequest rather than fetch: only it reports upload
 * progress. Failures come back as `ApiCallError` and are never alerted here: the dialog shows them in place.
 */
export function importFile(file: File, options: ImportOptions = {}): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    if (options.itemId !== undefined) form.append('item_id', String(options.itemId));
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/import/auto');
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(readAnswer(xhr.response as unknown, xhr.status));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiCallError(ClientErrorCode.network, i18n.t('api.network'), 'network'));
    xhr.onabort = () => reject(new ApiCallError(ClientErrorCode.aborted, 'aborted', 'aborted'));
    if (options.signal?.aborted) {
      xhr.abort();
      return;
    }
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function readAnswer(body: unknown, status: number): ImportResult {
  if (typeof body !== 'object' || body === null || !('error_code' in body)) {
    // A proxy's 413 page, for instance: say what most likely happened rather than "bad response".
    if (status === 413) throw new ApiCallError(10101, i18n.t('import.tooLarge', { max: MAX_IMPORT_BYTES / 1024 / 1024 }));
    throw new ApiCallError(ClientErrorCode.badResponse, i18n.t('api.badResponse', { status }), 'bad-response');
  }
  const envelope = body as Envelope;
  const code = Number(envelope.error_code);
  if (!Number.isFinite(code)) throw new ApiCallError(ClientErrorCode.badResponse, i18n.t('api.badResponse', { status }), 'bad-response');
  if (code !== 0) {
    const text = typeof envelope.error_message === 'string' && envelope.error_message.trim() !== '' ? envelope.error_message : i18n.t('api.failed', { code });
    throw new ApiCallError(code, text);
  }
  // Folio answers ImportDone; ShowDoc's markdown-tree import answered `[]`.
  const data = envelope.data as Partial<ImportDone> | [] | null | undefined;
  const itemId = data && !Array.isArray(data) ? data.item_id : undefined;
  return { itemId: typeof itemId === 'number' && Number.isInteger(itemId) && itemId > 0 ? itemId : null };
}
