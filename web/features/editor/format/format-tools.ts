import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { beautifyJson } from './beautify-json';
import type { FormatDialogProps } from './JsonToTableDialog';

export type FormatToolKey = 'jsonToTable' | 'beautifyJson' | 'pasteTable' | 'sqlToTable';

/**
 * One entry of the editor's "Format tools" menu (seed 001 §2). A tool either opens a dialog whose
 * result is inserted at the cursor, or runs on the text at once (for the editor, on the selection or
 * the whole page: use `beautifyInEditor`, which answers a CodeMirror-style change).
 */
export interface FormatTool {
  key: FormatToolKey;
  /** i18n key of the menu label. */
  labelKey: `editor.${FormatToolKey}`;
  /** Loaded the first time the tool is opened. */
  dialog?: LazyExoticComponent<ComponentType<FormatDialogProps>>;
  run?(text: string): { ok: boolean; text: string };
}

export const formatTools: readonly FormatTool[] = [
  { key: 'jsonToTable', labelKey: 'editor.jsonToTable', dialog: lazy(() => import('./JsonToTableDialog')) },
  { key: 'beautifyJson', labelKey: 'editor.beautifyJson', run: beautifyJson },
  { key: 'pasteTable', labelKey: 'editor.pasteTable', dialog: lazy(() => import('./PasteTableDialog')) },
  { key: 'sqlToTable', labelKey: 'editor.sqlToTable', dialog: lazy(() => import('./SqlToTableDialog')) },
];

export { beautifyInEditor } from './beautify-json';
