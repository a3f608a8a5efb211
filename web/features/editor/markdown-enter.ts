import { deleteMarkupBackward, insertNewlineContinueMarkupCommand } from '@codemirror/lang-markdown';
import { forceParsing, syntaxTree, syntaxTreeAvailable } from '@codemirror/language';
import { EditorSelection, Prec, type EditorState, type StateCommand } from '@codemirror/state';
import { keymap, type Command } from '@codemirror/view';

/**
 * Enter in markdown as people expect from other editors (and ShowDoc's editor.md): on a list, task or
 * quote line with text it continues the markup (`- `, `- [ ] `, `1. ` → `2. `, `> `); on an empty item
 * it ends the list or quote. CodeMirror's own command does the lists, but by default its first Enter on
 * an empty item of a tight list only inserts a blank line above it (`nonTightLists`), and on an empty
 * quote line it keeps the quote going for ever; both made people think Enter was stuck.
 */
const continueLists = insertNewlineContinueMarkupCommand({ nonTightLists: false });

/** A line that holds nothing but quote markers: `>`, `> `, `> > `. */
const BARE_QUOTE = /^(?:\s{0,3}>)+\s*$/;

/** The empty last line of a quote: its innermost marker goes, which ends that quote (an outer one goes on). */
function endEmptyQuote(state: EditorState): { from: number; to: number; insert: string } | null {
  const { main } = state.selection;
  if (state.selection.ranges.length !== 1 || !main.empty) return null;
  const line = state.doc.lineAt(main.head);
  if (main.head !== line.to || !BARE_QUOTE.test(line.text)) return null;
  let quote = null;
  for (let node: ReturnType<ReturnType<typeof syntaxTree>['resolveInner']> | null = syntaxTree(state).resolveInner(line.to, -1); node; node = node.parent) {
    // A `>` inside a code block is code, not a quote.
    if (node.name === 'FencedCode' || node.name === 'CodeBlock') return null;
    if (node.name === 'Blockquote' && !quote) quote = node;
  }
  // Only on the quote's last line: an empty line in the middle of a quote stays a line of the quote.
  if (!quote || quote.to > line.to) return null;
  const outer = line.text.slice(0, line.text.lastIndexOf('>')).trimEnd();
  return { from: line.from, to: line.to, insert: outer === '' ? '' : `${outer} ` };
}

export const continueOrEndMarkup: StateCommand = ({ state, dispatch }) => {
  const quote = endEmptyQuote(state);
  if (!quote) return continueLists({ state, dispatch });
  dispatch(state.update({ changes: quote, selection: EditorSelection.cursor(quote.from + quote.insert.length), scrollIntoView: true, userEvent: 'delete' }));
  return true;
};

/**
 * The markup commands read the syntax tree, which CodeMirror parses within a time budget per change and
 * finishes in idle time: on a busy device, Enter right after typing `- apples` found no list in the tree
 * yet and inserted a plain new line (seen in the browser tests on a loaded machine). Parse up to the
 * cursor's line first.
 */
const parsedToCursor =
  (command: StateCommand): Command =>
  (view) => {
    const lineEnd = view.state.doc.lineAt(view.state.selection.main.head).to;
    if (!syntaxTreeAvailable(view.state, lineEnd)) forceParsing(view, lineEnd, 500);
    return command({ state: view.state, dispatch: view.dispatch });
  };

export const continueOrEndMarkupInView = parsedToCursor(continueOrEndMarkup);

/** Replaces the keymap `markdown()` adds (create it with `addKeymap: false`). */
export const markdownEnterKeymap = Prec.high(
  keymap.of([
    { key: 'Enter', run: continueOrEndMarkupInView },
    { key: 'Backspace', run: parsedToCursor(deleteMarkupBackward) },
  ]),
);
