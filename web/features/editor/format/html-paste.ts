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

const BLOCKS = 'p,div,li,tr,h1,h2,h3,h4,h5,h6,pre,blockquote,table,ul,ol,dl,dt,dd,section,article,header,footer';

/**
 * The text of pasted HTML, for a clipboard that carried no plain-text form: sanitised like the markdown
 * (script and style bodies are not text), block elements and `<br>` end lines, table cells are tab-split.
 */
export function htmlToPlainText(html: string): string {
  const body = DOMPurify.sanitize(html, { RETURN_DOM: true, FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'form'] }) as HTMLElement;
  const doc = body.ownerDocument;
  for (const br of Array.from(body.querySelectorAll('br'))) br.replaceWith(doc.createTextNode('\n'));
  for (const cell of Array.from(body.querySelectorAll('td + td, th + th, td + th, th + td'))) cell.before(doc.createTextNode('\t'));
  for (const block of Array.from(body.querySelectorAll(BLOCKS))) block.after(doc.createTextNode('\n'));
  return (body.textContent ?? '').replace(/[ \t]*\n[ \t]*\n(\s*\n)+/g, '\n\n').trim();
}
