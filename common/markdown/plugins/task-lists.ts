import type { MarkdownIt, StateCore, Token } from 'markdown-it';

const marker = /^\[([ xX])\][ \u00a0]/;

/** GFM task lists: `- [ ] todo` and `- [x] done` become read-only checkboxes. */
export function taskListsPlugin(md: MarkdownIt): void {
  md.core.ruler.after('inline', 'task_lists', (state: StateCore) => {
    const tokens = state.tokens;
    for (let index = 2; index < tokens.length; index += 1) {
      const inline = tokens[index];
      if (inline?.type !== 'inline' || tokens[index - 1]?.type !== 'paragraph_open') continue;
      const item = tokens[index - 2];
      if (item?.type !== 'list_item_open') continue;
      const first = inline.children?.[0];
      const match = first?.type === 'text' ? marker.exec(first.content) : null;
      if (!first || !match) continue;

      const checked = match[1] !== ' ';
      first.content = first.content.slice(match[0].length);
      inline.content = inline.content.slice(match[0].length);
      const box = new state.Token('html_inline', '', 0);
      box.content = `<input type="checkbox" class="task-list-item-checkbox" disabled${checked ? ' checked' : ''}> `;
      inline.children?.unshift(box);
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
