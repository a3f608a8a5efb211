import { withAllTexts } from '../../i18n';
import type { ReaderToolDialog, ReaderToolKind } from './tools';

type DialogModule = { default: ReaderToolDialog };

/**
 * Where each tool dialog's code is, for registered-tools.ts. A module of its own, downloaded with the first
 * dialog opened (or when an editor's browser is idle): the list of every dialog's files, which the build
 * writes next to these imports so that each dialog's parts download side by side, is some 1.6 KB brotli a
 * reader who only reads does not need (issue 21).
 */
export const toolDialogCode: Record<ReaderToolKind, () => Promise<DialogModule>> = {
  newCatalog: () => withAllTexts(import('../catalog/NewCatalogDialog')),
  catalogManager: () => withAllTexts(import('../catalog/CatalogManagerDialog')),
  recycleBin: () => withAllTexts(import('../recycle/RecycleBinDialog')),
  pageHistory: () => withAllTexts(import('../history/PageHistoryDialog')),
  sortPages: () => withAllTexts(import('../catalog/SortPagesDialog')),
  pageShare: () => withAllTexts(import('../pageShare/PageShareDialog')),
  followPage: () => withAllTexts(import('../subscription/FollowPageTool')),
  import: () => withAllTexts(import('../import/ImportDialog')),
  export: () => withAllTexts(import('../export/ExportDialog')),
  members: () => withAllTexts(import('../member/ItemMembersDialog')),
  changeLog: () => withAllTexts(import('../changeLog/ChangeLogDialog')),
};
