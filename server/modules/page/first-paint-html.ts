import type { Token } from 'markdown-it';
import { createParser } from '../../../common/markdown/parser.js';
import { createSlugger } from '../../../common/markdown/slug.js';
import type { RenderEnv } from '../../../common/markdown/toc.js';

/**
 * The first screen of a shared page, drawn from the HTML before the app has loaded (issue 21; see
 * first-paint.ts). Folio's one markdown setup (common/markdown/parser.ts) renders it, so headings keep
 * the ids links point at, with every raw HTML token dropped instead of sanitized: what is left is
 * markdown-it's own output, whose text and attributes it escapes and whose links it checks
 * (`javascript:` and the like are left as text). The server holds no DOM to run the app's sanitizer in.
 */

/** A first screen's worth of markdown: a page of megabytes costs the server no more than a short one. */
export const FIRST_PAINT_MARKDOWN = 12_000;

let parser: ReturnType<typeof createParser> | null = null;
const markdown = () => (parser ??= createParser());
const escapeHtml = (text: string) => markdown().utils.escapeHtml(text);

function withoutRawHtml(tokens: Token[]): Token[] {
  const kept = tokens.filter((token) => token.type !== 'html_block' && token.type !== 'html_inline');
  for (const token of kept) if (token.children) token.children = withoutRawHtml(token.children);
  return kept;
}

/**
 * The start of a page's markdown, cut at a paragraph break, as HTML safe to put in the app's page, and
 * whether it has headings for a table of contents (the app then narrows the page beside one).
 */
export function firstPaintHtml(text: string): { html: string; hasToc: boolean } {
  const md = markdown();
  let source = text;
  if (source.length > FIRST_PAINT_MARKDOWN) {
    const cut = source.lastIndexOf('\n\n', FIRST_PAINT_MARKDOWN);
    source = source.slice(0, cut > 0 ? cut : FIRST_PAINT_MARKDOWN);
  }
  const env: RenderEnv = { toc: [], features: { math: false, mermaid: false }, slug: createSlugger() };
  const tokens = withoutRawHtml(md.parse(source, env));
  return { html: md.renderer.render(tokens, md.options, env), hasToc: env.toc.length > 0 };
}

/**
 * The reader's frame as the app draws it (web/features/reader: header, catalog column, page, contents
 * column), with the page in it, so the app's own page takes its place without moving the text. A page
 * alone (`itemName` null: `/page/{id}`, `/p/{key}`) has the app's name in the header and no catalog, as
 * SinglePage.tsx draws it. Class names of its own (styled alike in web/styles.css), so nothing that looks
 * for the app's reader finds this copy; hidden from assistive technology, which hears the app's page
 * once it is there.
 */
export function firstPaintMarkup(page: { itemName: string | null; title: string; html: string; hasToc: boolean }): string {
  const alone = page.itemName === null;
  return (
    `<div class="reader first-paint${alone ? ' is-single' : ''}" aria-hidden="true">` +
    `<div class="first-paint-header"><p class="first-paint-project">${escapeHtml(page.itemName ?? 'Folio')}</p></div>` +
    `<div class="reader-body">${alone ? '' : '<div class="first-paint-side"></div>'}` +
    `<div class="reader-main"><div class="reader-page">` +
    `<div class="reader-page-head"><h1 class="first-paint-title">${escapeHtml(page.title)}</h1></div>` +
    `<div class="markdown-body">${page.html}</div>` +
    `</div></div>${page.hasToc ? '<div class="first-paint-toc"></div>' : ''}</div></div>`
  );
}

export function firstPaintTitle(pageTitle: string): string {
  return `${escapeHtml(pageTitle)} · Folio`;
}
