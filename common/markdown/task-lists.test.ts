import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from './index.js';
import { testWindow } from './test-dom.js';

const window = testWindow();
const { render } = createMarkdownRenderer(window);

interface Item {
  /** The checkbox's state, or null for an item without one. */
  box: boolean | null;
  /** The item's own text (without nested lists), trimmed. */
  text: string;
}

/** Every list item of the rendered markdown, in document order. */
function items(markdown: string): Item[] {
  const host = window.document.createElement('div');
  host.innerHTML = render(markdown).html;
  return [...host.querySelectorAll('li')].map((li) => {
    const own = li.cloneNode(true) as HTMLElement;
    own.querySelectorAll('ul, ol').forEach((list) => list.remove());
    const boxes = own.querySelectorAll('input');
    expect(boxes.length, `one checkbox at most in "${own.innerHTML}"`).toBeLessThanOrEqual(1);
    const box = boxes[0];
    return { box: box ? box.checked : null, text: (own.textContent ?? '').trim() };
  });
}

describe('task lists render one checkbox per task item and never a literal marker', () => {
  it.each([
    ['tight', '- [x] a\n- [ ] b', [{ box: true, text: 'a' }, { box: false, text: 'b' }]],
    ['loose', '- [x] a\n\n- [ ] b\n\n- [X] c', [{ box: true, text: 'a' }, { box: false, text: 'b' }, { box: true, text: 'c' }]],
    ['nested', '- [x] a\n  - [ ] b\n  - [x] c\n- [ ] d', [{ box: true, text: 'a' }, { box: false, text: 'b' }, { box: true, text: 'c' }, { box: false, text: 'd' }]],
    ['ordered', '1. [x] a\n2. [ ] b\n3) [ ] c', [{ box: true, text: 'a' }, { box: false, text: 'b' }, { box: false, text: 'c' }]],
    ['mixed with plain items', '- [x] a\n- plain\n- [ ] b', [{ box: true, text: 'a' }, { box: null, text: 'plain' }, { box: false, text: 'b' }]],
    ['a tab after the marker', '- [x] a\n- [ ]\tb', [{ box: true, text: 'a' }, { box: false, text: 'b' }]],
    ['a no-break space after the marker', '- [x]\u00a0a\n- [ ]\u00a0b', [{ box: true, text: 'a' }, { box: false, text: 'b' }]],
    ['an empty task', '- [x] a\n- [ ]\n- [ ] c', [{ box: true, text: 'a' }, { box: false, text: '' }, { box: false, text: 'c' }]],
    ['an empty task before its text on the next line', '- [ ]\n  later', [{ box: false, text: 'later' }]],
    ['inline markup after the marker', '- [ ] **bold** b\n- [x] `code` c', [{ box: false, text: 'bold b' }, { box: true, text: 'code c' }]],
    ['in a quote', '> - [x] a\n> - [ ] b', [{ box: true, text: 'a' }, { box: false, text: 'b' }]],
  ])('%s', (_shape, markdown, expected) => {
    expect(items(markdown)).toEqual(expected);
  });

  it('leaves brackets that are not a marker as text', () => {
    expect(items('- [ ]**b**\n- [y] c\n- a [ ] d')).toEqual([
      { box: null, text: '[ ]b' },
      { box: null, text: '[y] c' },
      { box: null, text: 'a [ ] d' },
    ]);
  });

  it('marks only lists that hold a task item', () => {
    const host = window.document.createElement('div');
    host.innerHTML = render('- [x] a\n  - plain\n\n1. one').html;
    expect([...host.querySelectorAll('ul, ol')].map((list) => list.className)).toEqual(['contains-task-list', '', '']);
  });
});
