import { queryOptions } from '@tanstack/react-query';
import { fetchPageComparison, fetchPageHistory, historyKeys } from '../../api/history';

/** Every opening asks again: each save of the page adds a version. */
export function pageVersionsQuery(pageId: number) {
  return queryOptions({ queryKey: historyKeys.versions(pageId), queryFn: ({ signal }) => fetchPageHistory(pageId, signal), staleTime: 0 });
}

export function pageComparisonQuery(pageId: number, historyId: number) {
  return queryOptions({ queryKey: historyKeys.comparison(pageId, historyId), queryFn: ({ signal }) => fetchPageComparison(pageId, historyId, signal) });
}
