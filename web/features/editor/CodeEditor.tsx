import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { languages } from '@codemirror/language-data';
import { EditorSelection, EditorState, Prec } from '@codemirror/state';
import { keymap, placeholder as placeholderText } from '@codemirror/view';
import { basicSetup, EditorView } from 'codemirror';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { editorColours } from '../theme/editor-theme';
import type { MarkdownCommand, TextEdit, TextSelection } from './markdown-commands';
import { markdownEnterKeymap } from './markdown-enter';

/** What the editor screen does with the text, without knowing it is CodeMirror underneath. */
export interface CodeEditorHandle {
  text(): string;
  selection(): TextSelection;
  /** Replaces the whole text as one undoable change (a draft or version restored, a template). */
  setText(text: string): void;
  /** Types `text` over the selection, as a paste would. */
  insert(text: string): void;
  /** Inserts a block (a table, a template) on lines of its own, so markdown does not glue it to the paragraph above. */
  insertBlock(text: string): void;
  apply(edit: TextEdit): void;
  /** Replaces the first occurrence of `marker` (an upload's placeholder) and answers whether it was found. */
  replaceMarker(marker: string, text: string): boolean;
  focus(): void;
}

export interface CodeEditorProps {
  ref?: Ref<CodeEditorHandle>;
  initialText: string;
  label: string;
  placeholder?: string;
  onChange(text: string): void;
  /** Ctrl/Cmd+S. */
  onSave(): void;
  /** Ctrl/Cmd+B, I and K: bold, italic, link. */
  onCommand(command: MarkdownCommand): void;
  /** Pasted or dropped files; answer true when they were taken care of. */
  onFiles?(files: File[]): boolean;
  /** Pasted HTML with its plain-text form; answer true when the paste was taken care of. */
  onHtmlPaste?(html: string, plain: string): boolean;
}

const shortcuts: [string, MarkdownCommand][] = [
  ['Mod-b', 'bold'],
  ['Mod-i', 'italic'],
  ['Mod-k', 'link'],
];

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '14px', backgroundColor: 'var(--folio-surface, #fff)' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace', lineHeight: '1.6' },
  '.cm-content': { padding: '12px 0' },
  '&.cm-focused': { outline: 'none' },
});

/**
 * CodeMirror 6 with markdown (code blocks highlighted in their own language, loaded on demand), soft
 * wrapping, search, undo history and the editor's own shortcuts. The view is made once; the latest
 * callbacks are read through a ref so re-renders of the screen never rebuild it.
 */
export function CodeEditor({ ref, initialText, label, placeholder, onChange, onSave, onCommand, onFiles, onHtmlPaste }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const callbacks = useRef({ onChange, onSave, onCommand, onFiles, onHtmlPaste });
  useEffect(() => {
    callbacks.current = { onChange, onSave, onCommand, onFiles, onHtmlPaste };
  });
  const initial = useRef(initialText);

  useEffect(() => {
    if (!host.current) return;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initial.current,
        extensions: [
          basicSetup,
          markdown({ base: markdownLanguage, codeLanguages: languages, addKeymap: false }),
          markdownEnterKeymap,
          EditorView.lineWrapping,
          theme,
          editorColours,
          placeholder ? placeholderText(placeholder) : [],
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true' }),
          Prec.highest(
            keymap.of([
              ...shortcuts.map(([key, command]) => ({
                key,
                preventDefault: true,
                run: () => {
                  callbacks.current.onCommand(command);
                  return true;
                },
              })),
              {
                key: 'Mod-s',
                preventDefault: true,
                run: () => {
                  callbacks.current.onSave();
                  return true;
                },
              },
            ]),
          ),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({
            paste: (event) => {
              const data = event.clipboardData;
              if (!data) return false;
              const files = Array.from(data.files);
              if (files.length > 0 && callbacks.current.onFiles?.(files)) {
                event.preventDefault();
                return true;
              }
              const html = data.getData('text/html');
              if (html && callbacks.current.onHtmlPaste?.(html, data.getData('text/plain'))) {
                event.preventDefault();
                return true;
              }
              return false;
            },
            drop: (event) => {
              const files = Array.from(event.dataTransfer?.files ?? []);
              if (files.length > 0 && callbacks.current.onFiles?.(files)) {
                event.preventDefault();
                return true;
              }
              return false;
            },
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // The view is built once per mount; label and placeholder are fixed for an editor's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useImperativeHandle(
    ref,
    (): CodeEditorHandle => ({
      text: () => view.current?.state.doc.toString() ?? '',
      selection: () => {
        const main = view.current?.state.selection.main;
        return { from: main?.from ?? 0, to: main?.to ?? 0 };
      },
      setText: (text) => {
        const v = view.current;
        if (!v) return;
        v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text }, selection: EditorSelection.cursor(0) });
      },
      insert: (text) => {
        const v = view.current;
        if (!v) return;
        v.dispatch(v.state.replaceSelection(text), { scrollIntoView: true });
        v.focus();
      },
      insertBlock: (text) => {
        const v = view.current;
        if (!v) return;
        const { from, to } = v.state.selection.main;
        const before = v.state.doc.sliceString(Math.max(0, from - 2), from);
        const lead = from === 0 || before === '\n\n' ? '' : before.endsWith('\n') ? '\n' : '\n\n';
        const body = text.endsWith('\n') ? text : `${text}\n`;
        const insert = lead + body;
        v.dispatch({ changes: { from, to, insert }, selection: EditorSelection.cursor(from + insert.length), scrollIntoView: true });
        v.focus();
      },
      apply: (edit) => {
        const v = view.current;
        if (!v) return;
        v.dispatch({
          changes: { from: edit.from, to: edit.to, insert: edit.insert },
          selection: EditorSelection.range(edit.selection.from, edit.selection.to),
          scrollIntoView: true,
        });
        v.focus();
      },
      replaceMarker: (marker, text) => {
        const v = view.current;
        if (!v) return false;
        const at = v.state.doc.toString().indexOf(marker);
        if (at === -1) return false;
        v.dispatch({ changes: { from: at, to: at + marker.length, insert: text } });
        return true;
      },
      focus: () => view.current?.focus(),
    }),
    [],
  );

  return <div ref={host} className="page-editor-code" data-testid="code-editor" />;
}
