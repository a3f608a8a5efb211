import { lazy } from 'react';
import { registerReaderTool } from './tools';

// The project view's dialogs (seed 001 §2 "Dialogs"). Each one's code downloads when it is first
// opened, so a reader who only reads never fetches it. One line per dialog, in the order of the menus.
registerReaderTool('newCatalog', lazy(() => import('../catalog/NewCatalogDialog')));
registerReaderTool('catalogManager', lazy(() => import('../catalog/CatalogManagerDialog')));
registerReaderTool('recycleBin', lazy(() => import('../recycle/RecycleBinDialog')));
registerReaderTool('pageHistory', lazy(() => import('../history/PageHistoryDialog')));
registerReaderTool('sortPages', lazy(() => import('../catalog/SortPagesDialog')));
registerReaderTool('pageShare', lazy(() => import('../pageShare/PageShareDialog')));
registerReaderTool('import', lazy(() => import('../import/ImportDialog')));
registerReaderTool('export', lazy(() => import('../export/ExportDialog')));
registerReaderTool('members', lazy(() => import('../member/ItemMembersDialog')));
registerReaderTool('changeLog', lazy(() => import('../changeLog/ChangeLogDialog')));
