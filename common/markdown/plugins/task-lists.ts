import type { MarkdownIt, StateCore, Token } from 'markdown-it';

/**
 * `[ ]`, `[x]` or `[X]` at the start of an item's first line, then whitespace (space, tab, no-break
 * space) or nothing more on that text. A tab used to leave the item as literal `[ ]` text in a list whose
 * other items were checkboxes.
 */
const marker = /^\[([ xX])\](?:[ \t\u00a0]+|$)/;

/** Tokens that may follow a marker ending its text: the end of the line or of the item. */
const lineEnds = new Set(['softbreak', 'hardbreak']);

/** GFM task lists: `- [ ] todo` and `- [x] done` become read-only checkboxes. */
export function taskListsPlugin(md: MarkdownIt): void {
  md.core.ruler.after('inline', 'task_lists', (state: StateCore) => {
    const tokens = state.tokens;
    for (let index = 2; index < tokens.length; index += 1) {
      const inline = tokens[index];
      if (inline?.type !== 'inline' || tokens[index - 1]?.type !== 'paragraph_open') continue;
      const item = tokens[index - 2];
      if (item?.type !== 'list_item_open') continue;
      const children = inline.children ?? [];
      const first = children[0];
      const match = first?.type === 'text' ? marker.exec(first.content) : null;
      if (!first || !match) continue;
      // `[ ]**b**`: the marker is glued to what follows, so it is text (GFM wants whitespace after it).
      const next = children[1];
      if (match[0].length === 3 && first.content.length === 3 && next && !lineEnds.has(next.type)) continue;

      const checked = match[1] !== ' ';
      first.content = first.content.slice(match[0].length);
      inline.content = inline.content.replace(/^\[[ xX]\][ \t\u00a0]*/, '');
      // An empty task (`- [ ]` at the end of its line) keeps no line break in front of its next line.
      if (first.content === '' && next && lineEnds.has(next.type)) children.splice(0, 2);
      else if (first.content === '') children.splice(0, 1);
      const box = new state.Token('html_inline', '', 0);
      box.content = `<input type="checkbox" class="task-list-item-checkbox" disabled${checked ? ' checked' : ''}> `;
      children.unshift(box);
      inline.children = children;
      item.attrJoin('class', 'task-list-item');
      markList(tokens, index - 2, item.level);
    }
  });
}

function markList(tokens: Token[], from: number, itemLevel: number): void {
  for (let index = from - 1; index >= 0; index -= 1) {
    const token = tokens[index];
    if (token && token.level === itemLevel - 1 && (token.type === 'bullet_list_open' || token.type === 'ordered_list_open')) {
      const classes = String(token.attrGet('class') ?? '');
      if (!classes.split(' ').includes('contains-task-list')) token.attrJoin('class', 'contains-task-list');
      return;
    }
  }
}
