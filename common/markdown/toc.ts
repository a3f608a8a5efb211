/** One heading of a rendered page, for the table of contents. `id` is the heading's id in the HTML. */
export interface TocEntry {
  level: number;
  text: string;
  id: string;
}

/** What a page needs beyond plain HTML: the browser loads mermaid or KaTeX only when asked to. */
export interface MarkdownFeatures {
  math: boolean;
  mermaid: boolean;
}

/** Collected while one document renders (markdown-it's `env`). */
export interface RenderEnv {
  [key: string | symbol]: unknown;
  toc: TocEntry[];
  features: MarkdownFeatures;
  slug: (text: string) => string;
}

/** markdown-it types `env` loosely; every render of ours passes a `RenderEnv`. */
export function renderEnv(env: unknown): RenderEnv {
  return env as RenderEnv;
}
