import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { createDiagramSanitizer, createMarkdownRenderer, createMathSanitizer, KATEX_OPTIONS } from './index.js';
import { testWindow } from './test-dom.js';
import { expectHarmless, htmlVectors, markdownVectors } from './xss-vectors.js';

const window = testWindow();
const { render } = createMarkdownRenderer(window);

describe('the sanitizer', () => {
  it.each(htmlVectors)('D1 · neutralises raw HTML %s', (vector) => {
    expectHarmless(render(vector).html);
  });

  it.each(markdownVectors)('D2 · neutralises markdown %s', (vector) => {
    expectHarmless(render(vector).html);
  });

  it('keeps the harmless part of a vector', () => {
    const html = render('<a onmouseover="alert(1)" href="/ok">link</a> <img src="/a.png" onerror="alert(1)" alt="pic">').html;
    expect(html).toContain('<a href="/ok">link</a>');
    expect(html).toContain('<img src="/a.png" alt="pic" loading="lazy">');
  });

  it('keeps inline images but no other data: URL', () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    expect(render(`![dot](${png})`).html).toContain(`src="${png}"`);
    expect(render(`<img src="${png}">`).html).toContain(`src="${png}"`);
    expect(render('<img src="data:text/html,hi">').html).not.toContain('src=');
  });

  it('D3 · gives links with a target the noopener rel', () => {
    const html = render('<a href="/1/2" target="_top">x</a>').html;
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('D5 · drops ids that would clobber document properties', () => {
    const html = render('<div id="cookie">x</div><img name="getElementById" src="/a.png">').html;
    expect(html).not.toContain('id="cookie"');
    expect(html).not.toContain('getElementById');
  });

  it('leaves mermaid and math sources as text for the browser to draw', () => {
    const html = render('```mermaid\ngraph TD; A["<img src=x onerror=alert(1)>"]\n```').html;
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('KaTeX output', () => {
  const sanitizeMath = createMathSanitizer(window);
  const typeset = (tex: string) => sanitizeMath(katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode: false }));

  it('D6 · makes no links, classes or requests from TeX', () => {
    for (const tex of [
      '\\href{javascript:alert(1)}{x}',
      '\\url{javascript:alert(1)}',
      '\\htmlClass{ant-modal}{x}',
      '\\htmlData{onclick=alert(1)}{x}',
      '\\htmlStyle{position:fixed}{x}',
      '\\includegraphics{https://evil.example/a.png}',
      '\\htmlId{cookie}{x}',
    ]) {
      const host = window.document.createElement('div');
      host.innerHTML = typeset(tex);
      // The TeX source itself survives as text (for screen readers); only markup and attributes matter.
      expect(host.querySelector('a, img, [href], [src], [onclick], [id], .ant-modal'), tex).toBeNull();
      const attributes = [...host.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((attribute) => attribute.value));
      expect(attributes.join(' '), tex).not.toMatch(/javascript:|position:\s*fixed|evil\.example/i);
    }
  });

  it('still typesets ordinary math', () => {
    const html = typeset('E=mc^2');
    expect(html).toContain('class="katex"');
    expect(html).toContain('<math');
  });

  it('stops runaway macros', () => {
    const html = typeset('\\def\\a{\\a\\a}\\a');
    expect(html).toContain('katex-error');
  });
});

describe('mermaid output', () => {
  const sanitizeDiagram = createDiagramSanitizer(window);

  it('D6 · keeps the drawing and drops scripts, handlers, links and foreign HTML', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" id="m1"><style>#m1 .node rect{fill:#eee}</style>' +
      '<g class="node" onclick="alert(1)"><rect width="10" height="10"/><text>A</text></g>' +
      '<script>alert(1)</script><a href="javascript:alert(1)"><text>B</text></a>' +
      '<foreignObject><div><img src=x onerror=alert(1)></div></foreignObject>' +
      '<image href="https://evil.example/x.png"/></svg>';
    const clean = sanitizeDiagram(svg);
    expect(clean).toContain('<rect');
    expect(clean).toContain('<style>');
    expect(clean).not.toMatch(/onclick|<script|javascript:|foreignObject|onerror|evil\.example/i);
  });
});
