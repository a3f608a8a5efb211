import type { MarkdownIt as MarkdownItInstance, Token } from 'markdown-it';
import { createParser } from './parser.js';
import { createSlugger } from './slug.js';
import type { RenderEnv } from './toc.js';

/**
 * A page's markdown as the words a reader sees, for search snippets: parsed by Folio's one markdown
 * setup (parser.ts), so `**bold**`, `[text](url)`, table pipes, heading hashes and list markers are
 * gone and entities are decoded. Code and formulas keep their text (people search for them); raw HTML
 * tags are dropped; an image reads as its alt text. Blocks end with a line break.
 */

let parser: MarkdownItInstance | null = null;
let parserWithoutLinks: MarkdownItInstance | null = null;

/**
 * Linkify's scan of every text token is most of a parse (search cuts up to 200 snippets per request). When
 * one linkify test over the whole text finds nothing, linkify would leave every token as it is (a token's
 * text is a piece of it, split at line ends, which end a link anyway), so the same setup with linkify off
 * gives the same tokens at about half the cost.
 */
function parserFor(markdown: string): MarkdownItInstance {
  parser ??= createParser();
  // `://` and `mailto:` also go the full way: markdown-it's inline linkify finds a scheme link after any
  // symbol, where linkify.test does not look.
  if (parser.linkify.test(markdown) || markdown.includes('://') || /mailto:/i.test(markdown)) return parser;
  parserWithoutLinks ??= createParser().set({ linkify: false });
  return parserWithoutLinks;
}

/** Inline tokens that are markup, not words. */
const SILENT_INLINE = new Set(['html_inline']);

function inlineText(children: readonly Token[]): string {
  let out = '';
  for (const child of children) {
    if (SILENT_INLINE.has(child.type)) continue;
    if (child.type === 'softbreak' || child.type === 'hardbreak') out += ' ';
    else if (child.type === 'image') out += inlineText(child.children ?? []);
    else if (child.type === 'text' || child.type === 'code_inline' || child.type === 'math_inline') out += child.content;
  }
  return out;
}

/**
 * The version of these rules. Search keeps pages' words (server/db/migrations/0012_page_plain_text.ts):
 * raise it with any change to what markdownPlainText returns, and words made by older rules are made again.
 */
export const PLAIN_TEXT_RULES = 1;

export function markdownPlainText(markdown: string): string {
  const lines: string[] = [];
  let cells: string[] | null = null;
  const env: RenderEnv = { toc: [], features: { math: false, mermaid: false }, slug: createSlugger() };
  for (const token of parserFor(markdown).parse(markdown, env)) {
    switch (token.type) {
      case 'tr_open':
        cells = [];
        break;
      case 'tr_close':
        if (cells) lines.push(cells.join(' '));
        cells = null;
        break;
      case 'inline': {
        const text = inlineText(token.children ?? []);
        if (cells) cells.push(text);
        else lines.push(text);
        break;
      }
      case 'fence':
      case 'code_block':
      case 'math_block':
        lines.push(token.content.replace(/\n$/, ''));
        break;
      default:
        break;
    }
  }
  return lines.filter((line) => line.trim() !== '').join('\n');
}
