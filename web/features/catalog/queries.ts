import { queryOptions } from '@tanstack/react-query';
import { fetchCatalogPages, fetchCatalogTree } from '../../api/catalog';

export const catalogKeys = {
  all: ['catalogs'] as const,
  tree: (itemId: number) => ['catalogs', itemId, 'tree'] as const,
  pages: (itemId: number, catId: number) => ['catalogs', itemId, 'pages', catId] as const,
};

/** Every opening asks again: catalogs change from the editor, the menu and other people. */
export function catalogTreeQuery(itemId: number) {
  return queryOptions({ queryKey: catalogKeys.tree(itemId), queryFn: ({ signal }) => fetchCatalogTree(itemId, signal), staleTime: 0 });
}

export function catalogPagesQuery(itemId: number, catId: number) {
  return queryOptions({ queryKey: catalogKeys.pages(itemId, catId), queryFn: ({ signal }) => fetchCatalogPages(itemId, catId, signal), staleTime: 0 });
}
