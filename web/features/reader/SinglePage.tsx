import { useQuery } from '@tanstack/react-query';
import { FileTextOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { PageInfo, ReaderItem, SharedPageInfo } from '../../api/reader';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { displayName, useCurrentUser } from '../user/current-user';
import { accessOutcome } from './access';
import { firstPaintDone } from './first-paint';
import { HeaderActions } from './HeaderActions';
import { pageQuery } from './queries';
import { ReaderHeader } from './ReaderHeader';
import { ReaderToolsProvider } from './tools';
import { preloadable } from './preloadable';
import { useIsMobile } from './useIsMobile';
import { useLazyItemActions } from './useLazyItemActions';
import { Watermark } from './Watermark';
import { readerToolDialogs } from './registered-tools';

// Failure screens (antd's Result with its illustrations) download only when the page fails to load.
const PageLoadFailure = lazy(() => import('./LoadFailure').then((module) => ({ default: module.PageLoadFailure })));
import { firstPageId, itemSummaryOf } from './item-summary';
import { useArchivedAccess } from './archived-access';
import { withAllTexts } from '../../i18n';

const AttachmentsDialog = lazy(() => withAllTexts(import('./AttachmentsDialog')));
const pageContent = preloadable(() => import('./PageContent').then((module) => module.default));
const PageContent = pageContent.Component;

type PageState =
  | { status: 'pending' }
  | { status: 'empty' }
  | { status: 'error'; error: Error; retry: () => void }
  | { status: 'success'; page: PageInfo | SharedPageInfo };

interface SinglePageLayoutProps {
  title: string;
  titleTo?: string;
  /** The project is archived: the header says so. */
  archived?: boolean;
  actions?: ReactNode;
  state: PageState;
  /** Where a password or login answer sends the reader. */
  access: { itemRef: string; pageId: number | null };
  /** The attachment list needs a page the reader may visit by id (not a share link). */
  attachments?: boolean;
  watermark?: string[] | null;
}

/**
 * One page alone: a single-page project (type 2), `/page/{page_id}` and the public `/p/{unique_key}`.
 * The table of contents joins it on wide screens.
 */
export function SinglePageLayout({ title, titleTo, archived = false, actions, state, access, attachments = false, watermark = null }: SinglePageLayoutProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const mobile = useIsMobile();
  const [attachmentsOpen, setAttachmentsOpen] = useState<'never' | 'open' | 'closed'>('never');
  const page = state.status === 'success' ? state.page : null;
  useDocumentTitle(page?.page_title || title || undefined);
  useEffect(() => {
    // The markdown engine downloads while the page is on its way.
    pageContent.preload().catch(() => undefined);
    // Leaving for another screen (a password or login prompt) takes the server's first paint along.
    return firstPaintDone;
  }, []);

  const loading = (
    <main id="main" className="reader-main">
      <div className="reader-page" role="status" aria-label={t('app.loading')}>
        <Skeleton active title paragraph={{ rows: 8 }} />
      </div>
    </main>
  );
  let content: ReactNode;
  if (state.status === 'pending') {
    content = loading;
  } else if (state.status === 'empty') {
    content = (
      <main id="main" className="reader-main">
        <div className="reader-page reader-empty">
          <p className="reader-empty-text">
            <FileTextOutlined aria-hidden className="reader-empty-icon" />
            {t('reader.emptyProject')}
          </p>
        </div>
      </main>
    );
  } else if (state.status === 'error') {
    const outcome = accessOutcome(state.error, { ...access, here: location.pathname + location.search });
    if (outcome.kind === 'redirect') return <Navigate to={outcome.to} replace />;
    content = (
      <Suspense fallback={loading}>
        <PageLoadFailure outcome={outcome} onRetry={state.retry} />
      </Suspense>
    );
  } else if (page) {
    content = (
      <Suspense fallback={loading}>
        <PageContent page={page} withToc={!mobile} onAttachments={attachments ? () => setAttachmentsOpen('open') : undefined} />
      </Suspense>
    );
  }

  return (
    <div className={['reader', 'is-single', mobile ? 'is-mobile' : ''].filter(Boolean).join(' ')}>
      <ReaderHeader title={title} titleTo={titleTo} archived={archived} actions={actions} />
      <div className="reader-body">{content}</div>
      {watermark && <Watermark lines={watermark} />}
      {attachmentsOpen !== 'never' && page && (
        <Suspense fallback={null}>
          <AttachmentsDialog pageId={page.page_id} open={attachmentsOpen === 'open'} onClose={() => setAttachmentsOpen('closed')} />
        </Suspense>
      )}
    </div>
  );
}

/** A query's state in the shape the layout takes. */
export function pageState(query: {
  status: 'pending' | 'error' | 'success';
  data: PageInfo | SharedPageInfo | undefined;
  error: Error | null;
  refetch: () => unknown;
}): PageState {
  if (query.status === 'success' && query.data) return { status: 'success', page: query.data };
  if (query.status === 'error' && query.error) return { status: 'error', error: query.error, retry: () => void query.refetch() };
  return { status: 'pending' };
}

/** Seed 001 §2: a single-page project (type 2) is its one page, with the project's icons. */
export function SinglePageProject({ itemRef, item }: { itemRef: string; item: ReaderItem }) {
  const me = useCurrentUser();
  const itemActions = useLazyItemActions();
  const pageId = firstPageId(item);
  const page = useQuery({ ...pageQuery(pageId ?? 0), enabled: pageId !== null });
  const summary = itemSummaryOf(item);
  const archivedAccess = useArchivedAccess(item);
  const user = me.data ?? null;
  const watermark = item.show_watermark === 1 ? [user ? displayName(user) : '', new Date().toISOString().slice(0, 10), item.item_name] : null;

  if (pageId === null) {
    return (
      <SinglePageLayout
        title={item.item_name}
        state={{ status: 'empty' }}
        access={{ itemRef, pageId: null }}
      />
    );
  }
  return (
    <ReaderToolsProvider dialogs={readerToolDialogs} onChanged={() => void page.refetch()}>
      <SinglePageLayout
        title={item.item_name}
        titleTo={`/${itemRef}`}
        archived={item.is_archived === 1}
        state={pageState(page)}
        access={{ itemRef, pageId }}
        attachments
        watermark={watermark}
        actions={
          <HeaderActions
            item={summary}
            context={{ itemRef, item, page: page.data ?? null }}
            canEdit={item.item_edit === true}
            canManage={item.item_manage === true}
            pageId={pageId}
            runItemAction={itemActions.run}
            archivedAccess={archivedAccess}
          />
        }
      />
      {itemActions.dialogs}
    </ReaderToolsProvider>
  );
}
