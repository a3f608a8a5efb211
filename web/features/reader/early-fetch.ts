import type { QueryClient } from '@tanstack/react-query';
import { isItemRef } from '../item/item-rules';
import { pageQuery, readerItemQuery } from './queries';

/**
 * First paint of a shared page (issue 21). Opening `/{item}/{page}` used to be a waterfall: the route
 * chunk, then item/info and the reader chunk, then page/info and the markdown chunk. Here, before React
 * renders anything, the app asks item/info and page/info and fetches the three chunks side by side; the
 * answers land in React Query under the keys the screens read, so they render without asking again.
 * The server still decides access for each call: this only starts them earlier.
 */

/** First path segments of the app's fixed routes (App.tsx), which are never a project. */
const FIXED_ROUTES = new Set(['user', 'item', 'admin', 'prices', 'order', 'message', 'attachment', 'team', 'page', 'p']);

/** `{ itemRef, pageId }` for `/{item}` and `/{item}/{page}`, as App.tsx routes them to ItemShow; else null. */
export function readerRoute(pathname: string): { itemRef: string; pageId: number | null } | null {
  const match = /^\/([^/]+)(?:\/(\d{1,12}))?\/?$/.exec(pathname);
  const itemRef = match?.[1];
  if (!match || itemRef === undefined || FIXED_ROUTES.has(itemRef) || !isItemRef(itemRef)) return null;
  return { itemRef, pageId: match[2] === undefined ? null : Number(match[2]) };
}

export function startReaderFetches(queryClient: QueryClient, pathname: string): void {
  const route = readerRoute(pathname);
  if (!route) return;
  // A failure is kept as the query's answer (a password, a login): the screen reads it as it would its own.
  void queryClient.prefetchQuery(readerItemQuery(route.itemRef));
  const page = route.pageId === null ? null : pageQuery(route.pageId);
  const pageFetch = page ? queryClient.prefetchQuery(page) : null;
  // The reader's code is some sixty files, and Chromium opens six connections to a server: asked now, they
  // would queue ahead of the interface texts (i18n), which React waits for before it renders anything.
  // Those are asked in this task's microtasks, so the reader's code waits for the next task.
  setTimeout(() => {
    // The same modules App.tsx, ItemShow and ProjectReader import lazily: the browser fetches each once.
    const chunks = [import('../../routes/ItemShow'), import('./ProjectReader'), import('./PageContent')];
    for (const chunk of chunks) chunk.catch(() => undefined);
    if (!page || !pageFetch) return;
    // Then the highlighting languages the page's code blocks name, and an API page's code, before the page renders.
    Promise.all([pageFetch, import('./markdown/render'), import('../runapi/page-body')])
      .then(([, { preloadHighlighting }, { loadApiPageCode, mayBeApiPage }]) => {
        const content = queryClient.getQueryData(page.queryKey)?.page_content;
        if (content) preloadHighlighting(content);
        if (content && mayBeApiPage(content)) void loadApiPageCode();
      })
      .catch(() => undefined);
  }, 0);
}
