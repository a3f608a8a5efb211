import type { SheetImported } from '../../common/answers/sheet';
import i18n, { currentLanguage } from '../i18n';
import { ApiCallError, ClientErrorCode } from './client';

/** Spreadsheet projects' .xlsx in and out (server: server/modules/sheet). */
export type { SheetImported };

/** What the picker offers; the server decides by the bytes. */
export const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The server's limit (server/modules/sheet/limits.ts), checked here too so a big file is refused before it uploads. */
export const MAX_XLSX_BYTES = 10 * 1024 * 1024;

/**
 * `sheet/importXlsx` (multipart `item_id`, `file`): the workbook converted to the stored sheet format,
 * not saved — the screen loads it and saves it as an edit. Failures are never alerted here.
 */
export async function importXlsx(itemId: number, file: File, signal?: AbortSignal): Promise<SheetImported> {
  if (file.size > MAX_XLSX_BYTES) throw new ApiCallError(10101, i18n.t('sheet.import.tooLarge', { max: MAX_XLSX_BYTES / 1024 / 1024 }));
  const form = new FormData();
  form.append('item_id', String(itemId));
  form.append('file', file, file.name);
  let response: Response;
  let body: unknown;
  try {
    response = await fetch('/api/sheet/importXlsx', {
      method: 'POST',
      body: form,
      headers: { Accept: 'application/json', 'Accept-Language': currentLanguage() },
      credentials: 'same-origin',
      signal: signal ?? null,
    });
    body = await response.json().catch(() => undefined);
  } catch {
    if (signal?.aborted) throw new ApiCallError(ClientErrorCode.aborted, 'aborted', 'aborted');
    throw new ApiCallError(ClientErrorCode.network, i18n.t('api.network'), 'network');
  }
  if (typeof body !== 'object' || body === null || !('error_code' in body)) {
    if (response.status === 413) throw new ApiCallError(10101, i18n.t('sheet.import.tooLarge', { max: MAX_XLSX_BYTES / 1024 / 1024 }));
    throw new ApiCallError(ClientErrorCode.badResponse, i18n.t('api.badResponse', { status: response.status }), 'bad-response');
  }
  const envelope = body as { error_code: unknown; error_message?: unknown; data?: unknown };
  const code = Number(envelope.error_code);
  if (code !== 0) {
    const text = typeof envelope.error_message === 'string' && envelope.error_message.trim() !== '' ? envelope.error_message : i18n.t('api.failed', { code });
    throw new ApiCallError(Number.isFinite(code) ? code : ClientErrorCode.badResponse, text);
  }
  return envelope.data as SheetImported;
}

/** The download address of the saved sheet as .xlsx: a plain GET link carries the login cookie. */
export function exportXlsxUrl(itemId: number): string {
  return `/api/sheet/exportXlsx?${new URLSearchParams({ item_id: String(itemId) }).toString()}`;
}
