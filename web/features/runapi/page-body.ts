import type { RenderedMarkdown } from '../../../common/markdown';
import type { RunApiDoc, RunApiLang } from '../../../common/runapi';
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

/** The code that reads API pages (api-page-body.ts), or null when it could not be downloaded. */
export type ApiPageCode = typeof import('./api-page-body') | null;

let apiPageCode: Promise<ApiPageCode> | null = null;

/**
 * The RunApi reader and renderer, downloaded for the first page that may be an API page, not with every
 * reader (issue 21). One promise for all (React's `use` needs the same one each time); a failed download
 * shows the page as markdown this time and is tried again for the next page.
 */
export function loadApiPageCode(): Promise<ApiPageCode> {
  apiPageCode ??= import('./api-page-body').catch(() => {
    apiPageCode = null;
    return null;
  });
  return apiPageCode;
}

/** Whether the page may be an API page: RunApi pages are JSON objects, and markdown rarely starts with `{`. */
export function mayBeApiPage(content: string): boolean {
  return content.trimStart().startsWith('{');
}

/**
 * A page's body for the reader. RunApi JSON reads as an API page (with `apiPageCode`, which the caller
 * loads when `mayBeApiPage`); anything else is markdown.
 */
export function renderPageBody(content: string, lang: RunApiLang, render: RenderMarkdown = renderPageContent, apiPageCode: ApiPageCode = null): PageBody {
  return apiPageCode?.renderApiPageBody(content, lang, render) ?? { rendered: render(content), runApi: null };
}
