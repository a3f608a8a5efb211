import { lazy } from 'react';
import { registerReaderTool } from './tools';

// The project view's dialogs (seed 001 §2 "Dialogs"). Each one's code downloads when it is first
// opened, so a reader who only reads never fetches it. One line per dialog, in the order of the menus.
registerReaderTool('recycleBin', lazy(() => import('../recycle/RecycleBinDialog')));
registerReaderTool('pageHistory', lazy(() => import('../history/PageHistoryDialog')));
registerReaderTool('pageShare', lazy(() => import('../pageShare/PageShareDialog')));
registerReaderTool('changeLog', lazy(() => import('../changeLog/ChangeLogDialog')));
