import type { AuthedCtx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { RawResponse } from '../../http/envelope.js';
import { contentDisposition } from '../attachment/visit.js';
import { recordChange } from '../changeLog/record.js';
import { requireEdit, type ItemAccess } from '../item/access.js';
import { sanitizeName } from './file-names.js';
import { WORD_MAX_CHARS, WORD_MAX_PAGES } from './limits.js';
import { claimExportSlot, claimWordBuild } from './one-at-a-time.js';
import { loadOutline, outlineTotals, WHOLE_ITEM, type Outline, type Selection } from './outline.js';

const DOWNLOAD_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' };
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const MB = 1024 * 1024;

/**
 * Exports need an editor of the project, as in ShowDoc (reference §6.17), and work on archived
 * projects too: an export changes nothing.
 */
function exportAccess(ctx: AuthedCtx, itemId: number): Promise<ItemAccess> {
  return requireEdit(ctx, itemId, { allowArchived: true });
}

async function logExport(ctx: AuthedCtx, access: ItemAccess, kind: 'word' | 'markdown'): Promise<void> {
  const item = access.item;
  await ctx.db.insertInto('export_log').values({ uid: ctx.user.uid, export_type: kind, item_id: item.item_id, addtime: ctx.clock.now() }).execute();
  await recordChange(ctx, { itemId: item.item_id, action: 'export', object: 'item', objectId: item.item_id, objectName: item.item_name, remark: kind });
}

/** The Word file is built in memory: refused with a clear message beyond the caps (limits.ts). */
function requireWordSize(outline: Outline): void {
  const totals = outlineTotals(outline);
  if (totals.pages > WORD_MAX_PAGES || totals.chars > WORD_MAX_CHARS) {
    throw new ApiError(10101, 'export.wordTooLarge', {
      pages: String(totals.pages),
      size: (totals.chars / MB).toFixed(1),
      maxPages: String(WORD_MAX_PAGES),
      maxSize: String(WORD_MAX_CHARS / MB),
    });
  }
}

/** `export/word`: the project, one catalog (`cat_id`) or one page (`page_id`) as `<project name>.docx`. */
export async function exportWord(ctx: AuthedCtx, itemId: number, selection: Selection): Promise<RawResponse> {
  const access = await exportAccess(ctx, itemId);
  const release = claimExportSlot(ctx.user.uid);
  try {
    const outline = await loadOutline(ctx, access, selection);
    requireWordSize(outline);
    const build = claimWordBuild();
    let docx: Buffer;
    try {
      await logExport(ctx, access, 'word');
      // docx, KaTeX and mathml2omml (about 25 MB resident) load with the first Word export, not at start.
      const { wordDocument } = await import('./word/document.js');
      docx = await wordDocument(ctx, access.item, outline);
    } finally {
      build();
    }
    return new RawResponse(DOCX_TYPE, docx, { ...DOWNLOAD_HEADERS, 'content-disposition': contentDisposition('attachment', `${sanitizeName(access.item.item_name)}.docx`) });
  } finally {
    release();
  }
}

/** `export/markdown`: `showdoc.zip`, streamed; the export slot is held until the download ends. */
export async function exportMarkdown(ctx: AuthedCtx, itemId: number): Promise<RawResponse> {
  const access = await exportAccess(ctx, itemId);
  const release = claimExportSlot(ctx.user.uid);
  try {
    const outline = await loadOutline(ctx, access, WHOLE_ITEM, { withBoardPage: true });
    await logExport(ctx, access, 'markdown');
    // yazl loads with the first markdown export, not at start (issue 21: idle memory).
    const { markdownZip } = await import('./markdown-zip.js');
    const zip = markdownZip(ctx, access.item, outline, release);
    return new RawResponse('application/zip', zip, { ...DOWNLOAD_HEADERS, 'content-disposition': contentDisposition('attachment', 'showdoc.zip') });
  } catch (error) {
    release();
    throw error;
  }
}

export interface ExportCheck {
  format: string;
  itemId: number;
  selection: Selection;
}

/**
 * `export/checkMarkdownLimit`: without `item_id`, ShowDoc's "always yes". With it, the checks the
 * export itself makes before its first byte (access, selection, Word size, one export at a time),
 * without building anything or writing a log row.
 */
export async function checkExport(ctx: AuthedCtx, check: ExportCheck): Promise<never[]> {
  if (check.itemId === 0) return [];
  const access = await exportAccess(ctx, check.itemId);
  claimExportSlot(ctx.user.uid)();
  if (check.format === 'word') requireWordSize(await loadOutline(ctx, access, check.selection));
  return [];
}
