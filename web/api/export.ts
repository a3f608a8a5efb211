import type { ExportAllowed } from '../../common/answers/export';
import { apiPost, type ApiCallOptions } from './client';

/**
 * Exports (seed 001 §7; reference §6.17). The file itself downloads through a plain GET link: the login
 * cookie rides along (the server honours it on GET for exports only), so the browser saves the file
 * as it streams in. `export/checkMarkdownLimit` asks first, so a refusal shows as a message.
 */
export type ExportFormat = 'word' | 'markdown';

export interface ExportChoice {
  itemId: number;
  format: ExportFormat;
  /** Word only: 0 = the whole project. */
  catId: number;
  /** Word only: 0 = every page of the catalog (or of the project). */
  pageId: number;
}

/** The download address of an export. */
export function exportUrl(choice: ExportChoice): string {
  if (choice.format === 'markdown') return `/api/export/markdown?${new URLSearchParams({ item_id: String(choice.itemId) }).toString()}`;
  const params = new URLSearchParams({ item_id: String(choice.itemId), cat_id: String(choice.catId), page_id: String(choice.pageId) });
  return `/api/export/word?${params.toString()}`;
}

export const exportKeys = {
  allowed: (itemId: number) => ['exportAllowed', itemId] as const,
};

/** Whether the export would be accepted; a refusal is alerted by the client (unless silent) and rejects. */
export function checkExport(choice: ExportChoice, options: ApiCallOptions = {}): Promise<ExportAllowed> {
  return apiPost<ExportAllowed>(
    'export/checkMarkdownLimit',
    {
      export_format: choice.format,
      item_id: choice.itemId,
      cat_id: choice.format === 'word' ? choice.catId : 0,
      page_id: choice.format === 'word' ? choice.pageId : 0,
    },
    options,
  );
}
