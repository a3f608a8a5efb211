import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useParams } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { isItemRef } from '../features/item/item-rules';
import { firstPaintDone } from '../features/reader/first-paint';
import { preloadable } from '../features/reader/preloadable';
import { readerItemQuery } from '../features/reader/queries';
import { withAllTexts } from '../i18n';

// The reader's code (markdown, highlighting) downloads while item/info is on its way, and a password or
// login redirect does not wait for it.
const projectReader = preloadable(() => import('../features/reader/ProjectReader').then((module) => module.ProjectReader));
const singlePageProject = preloadable(() => import('../features/reader/SinglePage').then((module) => module.SinglePageProject));
const ProjectReader = projectReader.Component;
const SinglePageProject = singlePageProject.Component;
// Failure screens (antd's Result with its illustrations) download only when they are shown.
const ItemLoadFailure = lazy(() => withAllTexts(import('../features/reader/ItemLoadFailure')).then((module) => ({ default: module.ItemLoadFailure })));
const NotFound = lazy(() => import('./NotFound'));
// Screens of the other project types download only when such a project is opened.
const SpreadsheetProject = lazy(() => withAllTexts(import('../features/spreadsheet/SpreadsheetProject')).then((module) => ({ default: module.SpreadsheetProject })));
const WhiteboardProject = lazy(() => withAllTexts(import('../features/board/WhiteboardProject')).then((module) => ({ default: module.WhiteboardProject })));
const KanbanProject = lazy(() => withAllTexts(import('../features/board/KanbanProject')).then((module) => ({ default: module.KanbanProject })));

/** Spreadsheet, whiteboard and kanban projects: their screens leave the tab's title to this one. */
const OTHER_TYPES: ReadonlySet<number> = new Set([4, 5, 6]);

/** Just a spinner: the reader brings its own header, so the app's header would only flash. */
function ReaderLoading() {
  return <PageLoading />;
}

/**
 * `/{item_id}`, `/{item_domain}` and `/{item_id}/{page_id}` (seed 001 router): resolves the project with
 * `item/info` (menu included). A project behind a password leads to its password screen, a site that
 * wants a login to the login screen, and an unknown one to the not-found screen. Moving between pages
 * keeps this screen (and its menu) mounted: only the page below it changes.
 */
export default function ItemShow() {
  const { itemRef, pageId } = useParams();
  if (!isItemRef(itemRef) || (pageId !== undefined && !/^\d{1,12}$/.test(pageId))) {
    return (
      <Suspense fallback={<ReaderLoading />}>
        <NotFound />
      </Suspense>
    );
  }
  return <ItemShowScreen itemRef={itemRef} pageId={pageId === undefined ? null : Number(pageId)} />;
}

function ItemShowScreen({ itemRef, pageId }: { itemRef: string; pageId: number | null }) {
  const info = useQuery(readerItemQuery(itemRef));
  useEffect(() => {
    // A failed prefetch is tried again when the reader is needed.
    projectReader.preload().catch(() => undefined);
    // Leaving for another screen (a password or login prompt) takes the server's first paint along.
    return firstPaintDone;
  }, []);
  // The reader screens name the tab after their page (the project's name until it arrives). With the page
  // already cached (early-fetch.ts) their effect and this one run in one commit, this one last: titling here
  // too would leave the project's name on the page's tab (issue 21).
  const readerTitles = info.data !== undefined && !OTHER_TYPES.has(info.data.item_type);
  useDocumentTitle(readerTitles ? null : info.data?.item_name);

  // A failure remembered from an earlier visit is being asked again (after a password, a login): wait.
  if (info.isPending || (info.isError && info.isFetching)) return <ReaderLoading />;
  if (info.isError) {
    return (
      <Suspense fallback={<ReaderLoading />}>
        <ItemLoadFailure error={info.error} itemRef={itemRef} pageId={pageId} onRetry={() => void info.refetch()} />
      </Suspense>
    );
  }

  const item = info.data;
  const itemType = item.item_type;
  if (itemType === 2) {
    return (
      <Suspense fallback={<ReaderLoading />}>
        <SinglePageProject itemRef={itemRef} item={item} />
      </Suspense>
    );
  }
  const OtherScreen = itemType === 4 ? SpreadsheetProject : itemType === 5 ? WhiteboardProject : itemType === 6 ? KanbanProject : null;
  if (OtherScreen) {
    return (
      <Suspense fallback={<ReaderLoading />}>
        <OtherScreen itemRef={itemRef} item={item} />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<ReaderLoading />}>
      <ProjectReader itemRef={itemRef} item={item} pageId={pageId} />
    </Suspense>
  );
}
