import type { ItemSummary } from '../../api/item';
import type { ReaderToolContext } from '../reader/tools';

/**
 * A project of the list as the project view's dialogs expect it. The list offers these dialogs to
 * managers only (item-actions.ts), and the server checks again whatever the flags say.
 */
export function toolContextOf(item: ItemSummary): ReaderToolContext {
  return {
    itemRef: String(item.item_id),
    item: {
      item_id: item.item_id,
      item_name: item.item_name,
      item_domain: item.item_domain,
      item_edit: true,
      item_manage: true,
      // The dialogs show an archived project read-only (the members).
      is_archived: item.is_archived,
    },
    page: null,
  };
}
