import { lazy } from 'react';
import type { ReaderToolDialogs } from './tools';
import { withAllTexts } from '../../i18n';

// The project view's dialogs (seed 001 §2 "Dialogs"). Each one's code downloads when it is first
// opened, so a reader who only reads never fetches it. One line per dialog, in the order of the menus.
export const readerToolDialogs: ReaderToolDialogs = {
  newCatalog: lazy(() => withAllTexts(import('../catalog/NewCatalogDialog'))),
  catalogManager: lazy(() => withAllTexts(import('../catalog/CatalogManagerDialog'))),
  recycleBin: lazy(() => withAllTexts(import('../recycle/RecycleBinDialog'))),
  pageHistory: lazy(() => withAllTexts(import('../history/PageHistoryDialog'))),
  sortPages: lazy(() => withAllTexts(import('../catalog/SortPagesDialog'))),
  pageShare: lazy(() => withAllTexts(import('../pageShare/PageShareDialog'))),
  followPage: lazy(() => withAllTexts(import('../subscription/FollowPageTool'))),
  import: lazy(() => withAllTexts(import('../import/ImportDialog'))),
  export: lazy(() => withAllTexts(import('../export/ExportDialog'))),
  members: lazy(() => withAllTexts(import('../member/ItemMembersDialog'))),
  changeLog: lazy(() => withAllTexts(import('../changeLog/ChangeLogDialog'))),
};
