import { lazy, Suspense, use, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageInfo, SharedPageInfo } from '../../api/reader';
import { loadApiPageCode, mayBeApiPage, renderPageBody, runApiLang } from '../runapi/page-body';
import { useMarkdownRenderer } from './markdown/render';
import { PageArticle } from './PageArticle';
import { TocPanel } from './TocPanel';
import { withAllTexts } from '../../i18n';

// Only API pages (RunApi projects) have this head; its antd Typography and Tag stay out of every other page's download.
const RunApiHead = lazy(() => withAllTexts(import('../runapi/RunApiHead')).then((module) => ({ default: module.RunApiHead })));

export interface PageContentProps {
  page: PageInfo | SharedPageInfo;
  /** The table of contents column (wide screens, not in full screen). */
  withToc: boolean;
  onAttachments?: (() => void) | undefined;
  fullscreen?: { on: boolean; toggle: () => void } | undefined;
  tools?: ReactNode;
}

/**
 * The rendered page and its table of contents: the reader's second download (markdown-it and
 * DOMPurify; highlight.js with the first code block that needs it), fetched while page/info is on its way.
 */
export default function PageContent({ page, withToc, onAttachments, fullscreen, tools }: PageContentProps) {
  const { i18n } = useTranslation();
  const lang = runApiLang(i18n.language);
  // RunApi pages (item_type 3) read as API pages; everything else is markdown.
  // Rendered again, coloured, when the languages its code blocks name have loaded.
  const render = useMarkdownRenderer();
  // An API page's code comes when a page may be one: until then this suspends, as while its own code loads.
  const apiPageCode = mayBeApiPage(page.page_content) ? use(loadApiPageCode()) : null;
  const { rendered, runApi } = useMemo(
    () => renderPageBody(page.page_content, lang, render, apiPageCode),
    [page.page_content, lang, render, apiPageCode],
  );
  return (
    <>
      <main id="main" className="reader-main">
        <PageArticle page={page} rendered={rendered} lead={
            runApi ? (
              <Suspense fallback={null}>
                <RunApiHead doc={runApi} />
              </Suspense>
            ) : undefined
          } onAttachments={onAttachments} fullscreen={fullscreen} tools={tools} />
      </main>
      {withToc && rendered.toc.length > 0 && (
        <aside className="reader-toc-column">
          <TocPanel entries={rendered.toc} />
        </aside>
      )}
    </>
  );
}
