import { beforeAll, describe, expect, it } from 'vitest';
import { loadHighlighting } from './highlight.js';
import { createMarkdownRenderer, slugify } from './index.js';
import { testWindow } from './test-dom.js';

const window = testWindow();
const { render } = createMarkdownRenderer(window);

const codeSample = '```js\nconst answer = 42;\n```\n\n```nosuchlang\n<b>raw</b>\n```\n\n    indented <i>';
// Languages load when a page names them (highlight.ts), as the browser does before it renders again.
beforeAll(() => loadHighlighting(codeSample) ?? undefined);

/** The rendered page as a DOM fragment to look into. */
function dom(markdown: string): HTMLElement {
  const host = window.document.createElement('div');
  host.innerHTML = render(markdown).html;
  return host;
}

describe('markdown rendering', () => {
  it('renders GFM tables inside a scrolling wrapper', () => {
    const page = dom('| Field | Type |\n| --- | :---: |\n| id | int |\n| name | varchar |');
    const table = page.querySelector('.md-table-wrap > table');
    expect(table).not.toBeNull();
    expect([...page.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual(['Field', 'Type']);
    expect(page.querySelectorAll('tbody tr')).toHaveLength(2);
  });

  it('turns task lists into read-only checkboxes', () => {
    const page = dom('- [ ] write docs\n- [x] ship it\n- plain item');
    const boxes = [...page.querySelectorAll('input')];
    expect(boxes).toHaveLength(2);
    expect(boxes.every((box) => box.type === 'checkbox' && box.disabled)).toBe(true);
    expect(boxes.map((box) => box.checked)).toEqual([false, true]);
    expect(page.querySelector('ul')?.className).toBe('contains-task-list');
    expect(page.querySelectorAll('li.task-list-item')).toHaveLength(2);
    expect(page.querySelectorAll('li')[0]?.textContent?.trim()).toBe('write docs');
  });

  it('renders strikethrough, autolinks and single newlines as breaks', () => {
    const page = dom('~~old~~ see https://example.com/docs\nnext line');
    expect(page.querySelector('s')?.textContent).toBe('old');
    const link = page.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/docs');
    expect(page.querySelector('br')).not.toBeNull();
  });

  it('opens links to other sites in a new tab without giving them the opener', () => {
    const page = dom('[out](https://example.com) [in](/123/45) [top](#h-install) <a href="//evil.example">x</a>');
    const [out, inside, anchor, protocolRelative] = [...page.querySelectorAll('a')];
    expect(out?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(out?.getAttribute('target')).toBe('_blank');
    expect(inside?.hasAttribute('target')).toBe(false);
    expect(anchor?.getAttribute('href')).toBe('#h-install');
    expect(protocolRelative?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('D7 · highlights code in known languages and escapes the rest', () => {
    const page = dom(codeSample);
    const [js, unknown, indented] = [...page.querySelectorAll('pre > code')];
    expect(js?.className).toBe('hljs language-js');
    expect(js?.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(unknown?.textContent).toBe('<b>raw</b>\n');
    expect(unknown?.querySelector('b')).toBeNull();
    expect(indented?.textContent).toBe('indented <i>\n');
  });

  it('gives headings stable ids, Chinese included, and lists them for the table of contents', () => {
    const source = '# 安装指南\n\n## 第一步：下载\n\n## Install `npm`\n\n### Install npm\n\n## Title\n\n## Title';
    const { toc, html } = render(source);
    expect(toc).toEqual([
      { level: 1, text: '安装指南', id: 'h-安装指南' },
      { level: 2, text: '第一步：下载', id: 'h-第一步下载' },
      { level: 2, text: 'Install npm', id: 'h-install-npm' },
      { level: 3, text: 'Install npm', id: 'h-install-npm-1' },
      { level: 2, text: 'Title', id: 'h-title' },
      { level: 2, text: 'Title', id: 'h-title-1' },
    ]);
    // Same source, same ids: links to a heading keep working.
    expect(render(source).html).toBe(html);
    const page = dom(source);
    for (const entry of toc) expect(page.querySelector(`[id="${entry.id}"]`)?.textContent).toBe(entry.text);
  });

  it('keeps the id of a heading whose name is a document property', () => {
    const page = dom('## Cookie\n\n## Images\n\n## Title');
    expect([...page.querySelectorAll('h2')].map((heading) => heading.id)).toEqual(['h-cookie', 'h-images', 'h-title']);
  });

  it('slugs text in any script', () => {
    expect(slugify('  Hello, World! ')).toBe('hello-world');
    expect(slugify('用户 API（v2）')).toBe('用户-apiv2');
    expect(slugify('Ünïcödé café')).toBe('ünïcödé-café');
    expect(slugify('!!!')).toBe('');
  });

  it('marks math and diagrams as placeholders and says the page needs them', () => {
    const plain = render('No math: it costs $5 and $10, or $ 3 $.');
    expect(plain.features).toEqual({ math: false, mermaid: false });
    expect(plain.html).not.toContain('md-math');

    const rich = render('Inline $E=mc^2$ and\n\n$$\n\\sum_{i=1}^n i\n$$\n\n```mermaid\ngraph TD; A-->B\n```');
    expect(rich.features).toEqual({ math: true, mermaid: true });
    const page = dom('Inline $E=mc^2$ and $$x^2$$\n\n$$\n\\sum_{i=1}^n i\n$$\n\n```mermaid\ngraph TD; A-->B\n```');
    expect(page.querySelector('.md-math-inline')?.textContent).toBe('E=mc^2');
    expect(page.querySelector('.md-math-display')?.textContent).toBe('x^2');
    expect(page.querySelector('.md-math-block')?.textContent).toBe('\\sum_{i=1}^n i');
    expect(page.querySelector('.md-mermaid')?.textContent).toBe('graph TD; A-->B\n');
  });

  it('keeps the hand-written HTML of the allowlist', () => {
    const page = dom('<font color="red">red</font> <kbd>Ctrl</kbd>\n\n<details open><summary>More</summary>hidden</details>\n\n<center>mid</center>');
    expect(page.querySelector('font')?.getAttribute('color')).toBe('red');
    expect(page.querySelector('kbd')?.textContent).toBe('Ctrl');
    expect(page.querySelector('details')?.hasAttribute('open')).toBe(true);
    expect(page.querySelector('summary')?.textContent).toBe('More');
    expect(page.querySelector('center')).not.toBeNull();
  });

  it('drops classes it did not set itself', () => {
    const page = dom('<div class="ant-modal-mask md-code">x</div>');
    expect(page.querySelector('div')?.className).toBe('md-code');
  });
});

describe('page content', () => {
  it('renders entities a person typed as they typed them (bodies are stored raw, never unescaped twice)', () => {
    const page = dom('Write `&lt;` for a less-than sign: a &lt; b, and `&amp;amp;` in code.');
    expect(page.querySelector('code')?.textContent).toBe('&lt;');
    expect(page.textContent).toContain('a < b');
    expect(page.querySelectorAll('code')[1]?.textContent).toBe('&amp;amp;');
  });
});
