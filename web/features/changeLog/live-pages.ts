import type { ItemMenu, MenuCatalog, MenuPage } from '../../api/reader';

/**
 * The ids of the pages in the project's menu: the pages that still exist and can be opened. The change
 * log also names pages deleted since, and does not say which ones are gone.
 */
export function livePageIds(menu: ItemMenu | undefined): ReadonlySet<number> {
  const ids = new Set<number>();
  const walk = (pages: MenuPage[] | undefined, catalogs: MenuCatalog[] | undefined) => {
    for (const page of pages ?? []) ids.add(page.page_id);
    for (const catalog of catalogs ?? []) walk(catalog.pages, catalog.catalogs);
  };
  walk(menu?.pages, menu?.catalogs);
  return ids;
}
