import { describe, expect, it } from 'vitest';
import { highlightLanguageName, languagesNeeded, languagesToLoad, loadHighlighting } from './highlight.js';
import { createMarkdownRenderer } from './index.js';
import { testWindow } from './test-dom.js';

const { render } = createMarkdownRenderer(testWindow());

const page = [
  '```html',
  '<style>body { color: red; }</style>',
  '<script>const answer = 42;</script>',
  '```',
  '- item',
  '  ~~~ Python title',
  '  def f(x): return x',
  '  ~~~',
  '```sh',
  'echo "$HOME"',
  '```',
  '```yml',
  'key: [1, 2]',
  '```',
  '```nosuchlang',
  'x',
  '```',
].join('\n');

describe('code highlighting languages (loaded on demand)', () => {
  it('names the languages a page needs, with what they embed and by alias', () => {
    expect(highlightLanguageName('js')).toBe('javascript');
    expect(highlightLanguageName('c++')).toBe('cpp');
    expect(highlightLanguageName('nosuchlang')).toBeUndefined();
    expect(languagesNeeded(page).sort()).toEqual(['bash', 'css', 'graphql', 'javascript', 'python', 'ruby', 'xml', 'yaml']);
    // Test files share one highlight.js core (the web and server projects run without isolation), so
    // another file may have loaded some already: what is left to load is the rest.
    expect(languagesNeeded(page)).toEqual(expect.arrayContaining(languagesToLoad(page)));
  });

  it('highlights exactly as highlight.js with its common languages, once they are loaded', async () => {
    // Plain until its languages arrive, unless another test file loaded them into the shared core first.
    if (languagesToLoad(page).includes('javascript')) expect(render(page).html).not.toContain('hljs-keyword');

    await loadHighlighting(page);
    expect(languagesToLoad(page)).toEqual([]);
    expect(loadHighlighting(page)).toBeNull();
    const onDemand = render(page).html;
    expect(onDemand).toContain('<span class="hljs-keyword">const</span>');
    expect(onDemand).toContain('hljs-attribute');

    // highlight.js's own bundle registers every common language into the same core instance.
    await import('highlight.js/lib/common');
    expect(render(page).html).toBe(onDemand);
  });
});

describe('the highlight.js core (loaded with the first known language)', () => {
  it('the parser does not import highlight.js: a page without code never downloads it', async () => {
    const fs = await import('node:fs/promises');
    for (const file of ['parser.ts', 'index.ts', 'highlighter.ts']) {
      const source = await fs.readFile(new URL(`./${file}`, import.meta.url), 'utf8');
      expect(source, file).not.toMatch(/^import (?!type\b)[^;]*'highlight\.js/m);
    }
    expect(languagesNeeded('# Title\n\nText only.')).toEqual([]);
    expect(loadHighlighting('# Title\n\nText only.')).toBeNull();
  });
});
