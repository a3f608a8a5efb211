import type { WindowLike } from 'dompurify';
import { createParser } from './parser.js';
import { createSanitizer } from './sanitize.js';
import { createSlugger } from './slug.js';
import type { MarkdownFeatures, RenderEnv, TocEntry } from './toc.js';

export { HEADING_ID_PREFIX, slugify } from './slug.js';
export { createDiagramSanitizer, createMathSanitizer, createSanitizer, type Sanitizer } from './sanitize.js';
export { KATEX_OPTIONS } from './math-options.js';
export type { MarkdownFeatures, TocEntry } from './toc.js';

export interface RenderedMarkdown {
  /** Sanitized HTML, safe to insert. Math and diagrams are placeholders until the browser draws them. */
  html: string;
  toc: TocEntry[];
  features: MarkdownFeatures;
}

export interface MarkdownRenderer {
  render(markdown: string): RenderedMarkdown;
}

/**
 * Markdown → safe HTML, the same in the browser and on the server. `window` is the DOM the sanitizer
 * works in: the browser's own, or a jsdom window on the server.
 */
export function createMarkdownRenderer(window: WindowLike): MarkdownRenderer {
  const parser = createParser();
  const sanitize = createSanitizer(window);
  return {
    render(markdown: string): RenderedMarkdown {
      const env: RenderEnv = { toc: [], features: { math: false, mermaid: false }, slug: createSlugger() };
      const html = sanitize(parser.render(markdown, env));
      return { html, toc: env.toc, features: env.features };
    },
  };
}
