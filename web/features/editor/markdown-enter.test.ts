import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { ensureSyntaxTree, syntaxTreeAvailable } from '@codemirror/language';
import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import { continueOrEndMarkup, continueOrEndMarkupInView } from './markdown-enter';

/**
 * Enter pressed with the cursor at `|` (or at the end); the text after it, cursor marked `|`, or null
 * when the command leaves the key to the editor's ordinary new line.
 */
function enter(marked: string): string | null {
  const at = marked.includes('|') ? marked.indexOf('|') : marked.length;
  const doc = marked.replace('|', '');
  let state = EditorState.create({ doc, selection: EditorSelection.cursor(at), extensions: [markdown({ base: markdownLanguage, addKeymap: false })] });
  ensureSyntaxTree(state, doc.length, 5000);
  if (!continueOrEndMarkup({ state, dispatch: (tr) => (state = tr.state) })) return null;
  const head = state.selection.main.head;
  const text = state.doc.toString();
  return `${text.slice(0, head)}|${text.slice(head)}`;
}

describe('Enter in the page editor', () => {
  it('continues a list, task or quote item that has text', () => {
    expect(enter('- a')).toBe('- a\n- |');
    expect(enter('* a')).toBe('* a\n* |');
    expect(enter('- [ ] a')).toBe('- [ ] a\n- [ ] |');
    expect(enter('- [x] done')).toBe('- [x] done\n- [ ] |');
    expect(enter('1. a')).toBe('1. a\n2. |');
    expect(enter('> a')).toBe('> a\n> |');
  });

  it('ends the list on an empty item: the marker goes and the cursor leaves the list', () => {
    expect(enter('- a\n- ')).toBe('- a\n|');
    expect(enter('- [x] a\n- [ ] ')).toBe('- [x] a\n|');
    expect(enter('1. a\n2. ')).toBe('1. a\n|');
    expect(enter('text\n\n- a\n- ')).toBe('text\n\n- a\n|');
  });

  it('steps out of a nested list one level at a time', () => {
    expect(enter('- a\n  - b\n  - ')).toBe('- a\n  - b\n- |');
  });

  it('ends a quote on its empty last line, and an inner quote before the outer one', () => {
    expect(enter('> a\n> ')).toBe('> a\n|');
    expect(enter('> a\n>')).toBe('> a\n|');
    expect(enter('> > a\n> > ')).toBe('> > a\n> |');
    expect(enter('> - a\n> - ')).toBe('> - a\n> |');
  });

  it('keeps an empty line in the middle of a quote, and a `>` in a code block, as they are', () => {
    expect(enter('> a\n> |\n> b')).toBe('> a\n>\n> |\n> b');
    expect(enter('```\n> |\n```')).toBeNull();
  });

  it('leaves plain text to the ordinary new line', () => {
    expect(enter('plain')).toBeNull();
  });
});

describe('Enter before the parser has reached the cursor', () => {
  it('parses up to the line first, so a list still continues', () => {
    // A new state parses only its first few thousand characters; the rest is left to idle time, which a
    // busy device may not have had by the time the next key comes (the state-only command then finds no list).
    const doc = `${'Some words of a long page.\n\n'.repeat(2000)}- apples`;
    const view = new EditorView({
      state: EditorState.create({ doc, selection: EditorSelection.cursor(doc.length), extensions: [markdown({ base: markdownLanguage, addKeymap: false })] }),
    });
    try {
      expect(syntaxTreeAvailable(view.state, doc.length)).toBe(false);
      expect(continueOrEndMarkupInView(view)).toBe(true);
      expect(view.state.doc.toString().endsWith('- apples\n- ')).toBe(true);
    } finally {
      view.destroy();
    }
  });
});
