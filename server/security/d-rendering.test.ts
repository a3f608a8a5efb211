import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from '../../common/markdown/index.js';
import { createParser } from '../../common/markdown/parser.js';
import { testWindow } from '../../common/markdown/test-dom.js';

/**
 * The rendering case of the attack catalogue that is about time, not script (docs/security.md, D10).
 * D1–D9 run in Chromium (e2e/xss.spec.ts) and against the sanitizer (common/markdown/xss.test.ts).
 */
describe('D · rendering limits', () => {
  const { render } = createMarkdownRenderer(testWindow());

  /** Milliseconds `work` took; the bound below is generous, so a busy machine cannot fail it. */
  function timed(work: () => string): { ms: number; out: string } {
    const start = performance.now();
    const out = work();
    return { ms: performance.now() - start, out };
  }

  it('D10 · deeply nested blockquotes, brackets, lists and emphasis render in bounded time and size', () => {
    const hostile = [
      `${'>'.repeat(10_000)} deep`,
      `${'['.repeat(10_000)}x${']'.repeat(10_000)}`,
      `${'[x]('.repeat(5_000)}`,
      Array.from({ length: 2_000 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n'),
      `${'*a '.repeat(10_000)}${'a* '.repeat(10_000)}`,
      `${'<div>'.repeat(10_000)}x`,
      `${'`'.repeat(5_000)}x${'`'.repeat(4_999)}`,
    ];
    const parser = createParser();
    for (const markdown of hostile) {
      // Linear work takes milliseconds here; quadratic blow-ups on these inputs take minutes.
      const parsed = timed(() => parser.render(markdown));
      expect(parsed.ms, markdown.slice(0, 20)).toBeLessThan(5_000);
      expect(parsed.out.length, markdown.slice(0, 20)).toBeLessThan(20 * markdown.length + 10_000);
    }
    // The whole pipeline, sanitizer included, on the nesting cases. (The sanitizer runs in the browser;
    // under jsdom it costs about 6 ms per emphasis pair, so the emphasis and <div> floods stay parser-only.)
    for (const markdown of hostile.slice(0, 4)) {
      const { ms, out } = timed(() => render(markdown).html);
      expect(ms, markdown.slice(0, 20)).toBeLessThan(10_000);
      expect(out.length, markdown.slice(0, 20)).toBeLessThan(20 * markdown.length + 10_000);
    }
  });
});
