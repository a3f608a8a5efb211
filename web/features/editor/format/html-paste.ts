import DOMPurify from 'dompurify';
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';

/** Seed 001 §5: pasted HTML shorter than this goes in as text without asking. */
export const ASK_FROM_HTML_CHARS = 200;

export function shouldAskAboutHtml(html: string): boolean {
  return html.length >= ASK_FROM_HTML_CHARS;
}

let service: TurndownService | null = null;

/**
 * Pasted HTML as markdown (headings, lists, links, tables, code). It is sanitised first (security.md
 * D12): scripts, event handlers, styles and `javascript:` links never reach the page text.
 */
export function htmlToMarkdown(html: string): string {
  const clean = DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'form'], FORBID_ATTR: ['style', 'class', 'id'] });
  if (!service) {
    service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
    service.use(gfm);
  }
  return service.turndown(clean).trim();
}
