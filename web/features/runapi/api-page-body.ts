import type { RenderedMarkdown } from '../../../common/markdown';
import { parseRunApiDoc, runapiToMarkdown, type RunApiDoc, type RunApiLang } from '../../../common/runapi';
import type { RenderMarkdown } from '../reader/markdown/render';

/**
 * An API page's body (RunApi JSON) for the reader, or null when the text is not one: its request line is
 * drawn by RunApiHead, and its tables and examples go through the same markdown renderer (sanitiser,
 * highlighting, heading ids, table of contents) as every other page, at h2 so they make the contents.
 * Loaded only for a page that may be one (page-body.ts).
 */
export function renderApiPageBody(content: string, lang: RunApiLang, render: RenderMarkdown): { rendered: RenderedMarkdown; runApi: RunApiDoc } | null {
  const runApi = parseRunApiDoc(content);
  if (!runApi) return null;
  return { rendered: render(runapiToMarkdown(runApi, lang, { withoutHead: true, headingLevel: 2 })), runApi };
}
