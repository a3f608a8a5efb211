import type { ItemSummary } from '../../api/item';
import type { ReaderItem } from '../../api/reader';

/** What the project's dialogs (settings, members, delete…) need of a project the reader has open. */
export function itemSummaryOf(item: ReaderItem): ItemSummary {
  return {
    item_id: item.item_id,
    item_name: item.item_name,
    item_domain: item.item_domain,
    is_private: item.is_private,
    item_description: item.item_description,
    is_archived: item.is_archived,
  };
}

/** The page of a one-page project (single page, spreadsheet, whiteboard): the first one, wherever it is. */
export function firstPageId(item: ReaderItem): number | null {
  const first = item.menu.pages[0] ?? item.menu.catalogs[0]?.pages[0];
  return first ? first.page_id : null;
}
