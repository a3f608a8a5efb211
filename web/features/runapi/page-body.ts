import type { RenderedMarkdown } from '../../../common/markdown';
import { parseRunApiDoc, runapiToMarkdown, type RunApiDoc, type RunApiLang } from '../../../common/runapi';
import { renderPageContent, type RenderMarkdown } from '../reader/markdown/render';

export interface PageBody {
  rendered: RenderedMarkdown;
  /** The API description when the page is RunApi JSON (item_type 3 pages, ShowDoc's API imports). */
  runApi: RunApiDoc | null;
}

/** The reader's language as the shared RunApi renderer names it. */
export function runApiLang(uiLanguage: string): RunApiLang {
  return uiLanguage.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/**
 * A page's body for the reader. RunApi JSON reads as an API page: its request line is drawn by
 * RunApiHead, and its tables and examples go through the same markdown renderer (sanitiser,
 * highlighting, heading ids, table of contents) as every other page, at h2 so they make the contents.
 * Anything else is markdown, as before.
 */
export function renderPageBody(content: string, lang: RunApiLang, render: RenderMarkdown = renderPageContent): PageBody {
  const runApi = parseRunApiDoc(content);
  if (!runApi) return { rendered: render(content), runApi: null };
  return { rendered: render(runapiToMarkdown(runApi, lang, { withoutHead: true, headingLevel: 2 })), runApi };
}
