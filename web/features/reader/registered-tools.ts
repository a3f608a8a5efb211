import { lazy } from 'react';
import type { ReaderToolDialog, ReaderToolDialogs, ReaderToolKind } from './tools';

/** The table of where the dialogs' code is (tool-dialog-code.ts), itself loaded on first need. */
export const loadToolDialogCode = () => import('./tool-dialog-code').then((module) => module.toolDialogCode);

const dialog = (kind: ReaderToolKind): ReaderToolDialog => lazy(() => loadToolDialogCode().then((code) => code[kind]()));

// The project view's dialogs (seed 001 §2 "Dialogs"). Each one's code downloads when it is first
// opened, so a reader who only reads never fetches it. One line per dialog, in the order of the menus.
export const readerToolDialogs: ReaderToolDialogs = {
  newCatalog: dialog('newCatalog'),
  catalogManager: dialog('catalogManager'),
  recycleBin: dialog('recycleBin'),
  pageHistory: dialog('pageHistory'),
  sortPages: dialog('sortPages'),
  pageShare: dialog('pageShare'),
  followPage: dialog('followPage'),
  import: dialog('import'),
  export: dialog('export'),
  members: dialog('members'),
  changeLog: dialog('changeLog'),
};
