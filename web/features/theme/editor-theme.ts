import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

/**
 * The editor's colours, all read from CSS variables (styles.css: --folio-cm-* and the app's own), so one
 * editor follows the light or dark theme as <html data-theme> changes, without being rebuilt. basicSetup's
 * default highlight style has fixed light colours and only applies when no other style is given.
 */
const chrome = EditorView.theme({
  '&': { color: 'var(--folio-text)', backgroundColor: 'var(--folio-surface)' },
  '.cm-content': { caretColor: 'var(--folio-cm-cursor)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--folio-cm-cursor)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': {
    backgroundColor: 'var(--folio-cm-selection)',
  },
  '.cm-activeLine': { backgroundColor: 'var(--folio-cm-active-line)' },
  '.cm-gutters': { backgroundColor: 'var(--folio-cm-gutter)', color: 'var(--folio-muted)', borderRight: '1px solid var(--folio-border)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--folio-hover)' },
  '.cm-panels': { backgroundColor: 'var(--folio-subtle)', color: 'var(--folio-text)' },
  '.cm-panels.cm-panels-top': { borderBottom: '1px solid var(--folio-border)' },
  '.cm-panels.cm-panels-bottom': { borderTop: '1px solid var(--folio-border)' },
  '.cm-button': { backgroundImage: 'none', backgroundColor: 'var(--folio-surface)', color: 'var(--folio-text)', border: '1px solid var(--folio-border)' },
  '.cm-textfield': { backgroundColor: 'var(--folio-surface)', color: 'var(--folio-text)', border: '1px solid var(--folio-border)' },
  '.cm-tooltip': { backgroundColor: 'var(--folio-surface)', color: 'var(--folio-text)', border: '1px solid var(--folio-border)' },
  '.cm-placeholder': { color: 'var(--folio-muted)' },
});

const highlight = HighlightStyle.define([
  { tag: tags.heading, color: 'var(--folio-cm-heading)', fontWeight: 'bold' },
  { tag: tags.strong, fontWeight: 'bold' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: [tags.link, tags.url], color: 'var(--folio-cm-link)' },
  { tag: tags.monospace, color: 'var(--folio-cm-string)' },
  { tag: tags.quote, color: 'var(--folio-cm-comment)', fontStyle: 'italic' },
  // Markdown's own marks (#, *, >, list bullets, backticks) step back so the text reads first.
  { tag: [tags.processingInstruction, tags.contentSeparator], color: 'var(--folio-cm-mark)' },
  { tag: tags.meta, color: 'var(--folio-cm-meta)' },
  { tag: [tags.keyword, tags.operatorKeyword, tags.controlKeyword, tags.modifier], color: 'var(--folio-cm-keyword)' },
  { tag: [tags.string, tags.special(tags.string), tags.regexp, tags.inserted], color: 'var(--folio-cm-string)' },
  { tag: [tags.number, tags.bool, tags.atom, tags.literal], color: 'var(--folio-cm-number)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--folio-cm-comment)', fontStyle: 'italic' },
  { tag: [tags.typeName, tags.className, tags.tagName, tags.namespace], color: 'var(--folio-cm-meta)' },
  { tag: [tags.function(tags.variableName), tags.definition(tags.variableName), tags.propertyName, tags.attributeName], color: 'var(--folio-cm-link)' },
  { tag: [tags.invalid, tags.deleted], color: 'var(--folio-diff-removed-text)' },
]);

export const editorColours = [chrome, syntaxHighlighting(highlight)];
