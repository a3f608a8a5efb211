import { useMemo, type ReactNode } from 'react';
import type { PageInfo, SharedPageInfo } from '../../api/reader';
import { renderPageContent } from './markdown/render';
import { PageArticle } from './PageArticle';
import { TocPanel } from './TocPanel';

export interface PageContentProps {
  page: PageInfo | SharedPageInfo;
  /** The table of contents column (wide screens, not in full screen). */
  withToc: boolean;
  onAttachments?: (() => void) | undefined;
  fullscreen?: { on: boolean; toggle: () => void } | undefined;
  tools?: ReactNode;
}

/**
 * The rendered page and its table of contents: the reader's second download (markdown-it, highlight.js,
 * DOMPurify), fetched while page/info is on its way.
 */
export default function PageContent({ page, withToc, onAttachments, fullscreen, tools }: PageContentProps) {
  const rendered = useMemo(() => renderPageContent(page.page_content), [page.page_content]);
  return (
    <>
      <main id="main" className="reader-main">
        <PageArticle page={page} rendered={rendered} onAttachments={onAttachments} fullscreen={fullscreen} tools={tools} />
      </main>
      {withToc && rendered.toc.length > 0 && (
        <aside className="reader-toc-column">
          <TocPanel entries={rendered.toc} />
        </aside>
      )}
    </>
  );
}
