import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage, fetchReaderItem, fetchSharedPage, readerKeys, searchItemMenu } from '../../api/reader';

/** A failure here is an answer (password, login, gone), not a reason to ask again. */
export function readerItemQuery(itemRef: string) {
  return queryOptions({ queryKey: readerKeys.item(itemRef), queryFn: ({ signal }) => fetchReaderItem(itemRef, signal), retry: false });
}

export function useMenuSearch(itemRef: string, keyword: string) {
  return useQuery({
    queryKey: readerKeys.search(itemRef, keyword),
    queryFn: ({ signal }) => searchItemMenu(itemRef, keyword, signal),
    enabled: keyword !== '',
    retry: false,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}

export function pageQuery(pageId: number) {
  return queryOptions({ queryKey: readerKeys.page(pageId), queryFn: ({ signal }) => fetchPage(pageId, signal), retry: false });
}

export function sharedPageQuery(uniqueKey: string) {
  return queryOptions({ queryKey: readerKeys.shared(uniqueKey), queryFn: ({ signal }) => fetchSharedPage(uniqueKey, signal), retry: false });
}
