import { lazy } from 'react';
import type { ReaderToolDialogs } from './tools';

// The project view's dialogs (seed 001 §2 "Dialogs"). Each one's code downloads when it is first
// opened, so a reader who only reads never fetches it. One line per dialog, in the order of the menus.
export const readerToolDialogs: ReaderToolDialogs = {
  newCatalog: lazy(() => import('../catalog/NewCatalogDialog')),
  catalogManager: lazy(() => import('../catalog/CatalogManagerDialog')),
  recycleBin: lazy(() => import('../recycle/RecycleBinDialog')),
  pageHistory: lazy(() => import('../history/PageHistoryDialog')),
  sortPages: lazy(() => import('../catalog/SortPagesDialog')),
  pageShare: lazy(() => import('../pageShare/PageShareDialog')),
  followPage: lazy(() => import('../subscription/FollowPageTool')),
  import: lazy(() => import('../import/ImportDialog')),
  export: lazy(() => import('../export/ExportDialog')),
  members: lazy(() => import('../member/ItemMembersDialog')),
  changeLog: lazy(() => import('../changeLog/ChangeLogDialog')),
};
