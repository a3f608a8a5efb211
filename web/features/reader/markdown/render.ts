import { useSyncExternalStore } from 'react';
import { loadHighlighting } from '../../../../common/markdown/highlight';
import { createMarkdownRenderer, type MarkdownRenderer, type RenderedMarkdown } from '../../../../common/markdown';

let renderer: MarkdownRenderer | null = null;

/**
 * A page's content as sanitized HTML plus its table of contents. Folio's server sends the markdown as
 * it was written (ShowDoc's escaped bodies are unescaped when imported), so `&lt;` typed in a page is
 * shown as `&lt;`, not turned into `<`. Code in a language that has not loaded yet shows plain and
 * starts its download; screens render again when it is in (`useHighlightedLanguages`).
 */
export function renderPageContent(content: string): RenderedMarkdown {
  renderer ??= createMarkdownRenderer(window);
  const source = readableSource(content);
  requestHighlighting(source);
  return renderer.render(source);
}

export type RenderMarkdown = (content: string) => RenderedMarkdown;

/** A new function whenever languages finish loading, so memos keyed on it render again. */
let currentRender: RenderMarkdown = (content) => renderPageContent(content);
const listeners = new Set<() => void>();

function requestHighlighting(source: string): void {
  loadHighlighting(source)?.then(
    () => {
      currentRender = (content) => renderPageContent(content);
      for (const listener of listeners) listener();
    },
    // Offline or a stale build: the code stays readable, just not coloured; the next render tries again.
    () => undefined,
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * `renderPageContent` for a screen: a new function when highlighting languages finish loading, so a memo
 * that calls it renders again and the page's code blocks are coloured once their languages are in.
 */
export function useMarkdownRenderer(): RenderMarkdown {
  return useSyncExternalStore(subscribe, () => currentRender);
}

/** Starts the languages a page's markdown needs, before the page renders (early-fetch). */
export function preloadHighlighting(content: string): void {
  requestHighlighting(readableSource(content));
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
