import { createMarkdownRenderer, type MarkdownRenderer, type RenderedMarkdown } from '../../../../common/markdown';

let renderer: MarkdownRenderer | null = null;

/**
 * A page's content as sanitized HTML plus its table of contents. Folio's server sends the markdown as
 * it was written (ShowDoc's escaped bodies are unescaped when imported), so `&lt;` typed in a page is
 * shown as `&lt;`, not turned into `<`.
 */
export function renderPageContent(content: string): RenderedMarkdown {
  renderer ??= createMarkdownRenderer(window);
  return renderer.render(readableSource(content));
}

/**
 * RunApi pages (item type 3) hold their API description as JSON. The reader shows them as API pages
 * (features/runapi); elsewhere (history previews) they read best as a highlighted JSON block rather
 * than as one long paragraph.
 */
function readableSource(source: string): string {
  const text = source.trim();
  if (!text.startsWith('{') || !text.endsWith('}')) return source;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && 'info' in value) return '```json\n' + JSON.stringify(value, null, 2) + '\n```\n';
  } catch {
    // Not JSON after all: a page that happens to start with a brace.
  }
  return source;
}
