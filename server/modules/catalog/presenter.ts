import type { CatalogRow } from '../../../common/answers/catalog.js';
import type { Catalog } from '../../db/content-tables.js';
import { formatTime } from '../../http/time.js';

/** One catalog row as ShowDoc's catalog lists show it (transcripts 15, 66, 72). */
export function presentCatalog(row: Catalog, timeZone: string): CatalogRow {
  return {
    cat_id: row.cat_id,
    cat_name: row.cat_name,
    item_id: row.item_id,
    s_number: row.s_number,
    addtime: formatTime(row.addtime, timeZone),
    parent_cat_id: row.parent_cat_id,
    level: row.level,
  };
}

export type PresentedCatalog = CatalogRow;
