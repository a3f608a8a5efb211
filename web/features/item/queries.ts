import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { fetchItemDetail, fetchItemInfo, fetchItemKey, fetchMyItems, itemKeys, searchItems } from '../../api/item';
import { fetchItemGroups, itemGroupKeys } from '../../api/itemGroup';

export function myItemsQuery(groupId: number) {
  return queryOptions({ queryKey: itemKeys.list(groupId), queryFn: ({ signal }) => fetchMyItems(groupId, signal) });
}

export function useMyItems(groupId: number, enabled = true) {
  return useQuery({ ...myItemsQuery(groupId), enabled });
}

export function useItemGroups() {
  return useQuery({ queryKey: itemGroupKeys.all(), queryFn: ({ signal }) => fetchItemGroups(signal) });
}

export function useItemSearch(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: itemKeys.search(keyword),
    queryFn: ({ signal }) => searchItems(keyword, signal),
    enabled,
    staleTime: 10_000,
    // While the next keyword is on its way, the last results stay instead of a flash of placeholders.
    placeholderData: keepPreviousData,
  });
}

/** Always fresh: the base-info form must start from what is saved now. */
export function useItemDetail(itemId: number) {
  return useQuery({ queryKey: itemKeys.detail(itemId), queryFn: ({ signal }) => fetchItemDetail(itemId, signal), staleTime: 0, gcTime: 0 });
}

export function itemInfoQuery(itemRef: string) {
  return queryOptions({
    queryKey: itemKeys.info(itemRef),
    queryFn: ({ signal }) => fetchItemInfo(itemRef, signal),
    // The answer depends on who asks and on visit grants; a failure is an answer, not a reason to retry.
    retry: false,
    staleTime: 0,
  });
}

export function useItemKey(itemId: number) {
  return useQuery({ queryKey: itemKeys.key(itemId), queryFn: ({ signal }) => fetchItemKey(itemId, signal), staleTime: 0, gcTime: 0 });
}

/** After a project was added, changed, moved between groups or removed. */
export function refreshItemLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: itemKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: itemGroupKeys.all() }),
    queryClient.invalidateQueries({ queryKey: itemKeys.searches() }),
    // Every open project's screens (reader, menu search, info, settings): a name or a setting may have changed.
    queryClient.invalidateQueries({ queryKey: itemKeys.projects() }),
  ]).then(() => undefined);
}
