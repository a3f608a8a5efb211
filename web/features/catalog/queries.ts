import { queryOptions } from '@tanstack/react-query';
import { catalogKeys, fetchCatalogPages, fetchCatalogTree } from '../../api/catalog';

/** Every opening asks again: catalogs change from the editor, the menu and other people. */
export function catalogTreeQuery(itemId: number) {
  return queryOptions({ queryKey: catalogKeys.tree(itemId), queryFn: ({ signal }) => fetchCatalogTree(itemId, signal), staleTime: 0 });
}

export function catalogPagesQuery(itemId: number, catId: number) {
  return queryOptions({ queryKey: catalogKeys.pages(itemId, catId), queryFn: ({ signal }) => fetchCatalogPages(itemId, catId, signal), staleTime: 0 });
}
