import { importedIds } from './ids.js';
import type { ImportKind } from './job.js';
import { hasTable, rowsOf } from './source.js';
import { int, text, wellFormedText } from './values.js';
import { BatchWriter, inKindTransaction } from './writer.js';
import { typedTitle } from './escaped-text.js';

const TABLE = 'catalog';

/**
 * Catalogs with their ids, parents, levels and order. A parent that is gone (ShowDoc hard-deletes
 * catalogs) or belongs to another project puts the catalog at the top of its project.
 */
export const catalogsKind: ImportKind = {
  name: 'catalogs',
  tables: [TABLE],
  async run(job) {
    const ids = importedIds(job);
    // Parents are checked against every catalog of the source, so read the ids first (two integers a row).
    const sourceCatalogs = new Map<number, number>();
    if (hasTable(job.source, TABLE)) {
      for (const row of job.source.prepare('select cat_id, item_id from catalog').iterate() as IterableIterator<{ cat_id: unknown; item_id: unknown }>) {
        sourceCatalogs.set(int(row.cat_id), int(row.item_id));
      }
    }
    await inKindTransaction(job, async (db) => {
      const writer = new BatchWriter(job, db, TABLE);
      for (const row of rowsOf(job.source, TABLE, 'cat_id')) {
        const catId = int(row.cat_id);
        const itemId = int(row.item_id);
        if (catId <= 0 || !ids.items.has(itemId)) {
          job.report.skipped(TABLE, `catalog ${text(row.cat_id)}: its project ${itemId} does not exist`);
          continue;
        }
        let parent = int(row.parent_cat_id);
        let level = Math.max(2, int(row.level, 2));
        if (parent !== 0 && (parent === catId || sourceCatalogs.get(parent) !== itemId || !ids.items.has(itemId))) {
          job.report.note(TABLE, `catalog ${catId}: parent ${parent} does not exist in project ${itemId}; moved to the top level`);
          parent = 0;
        }
        if (parent === 0) level = 2;
        // Catalog names written by the open API (updateByApi catalog paths) are stored escaped.
        const { title, unescaped } = typedTitle(wellFormedText(row.cat_name), false);
        if (unescaped) job.report.note(TABLE, `catalog ${catId}: name was stored HTML-escaped; unescaped`);
        await writer.add({
          cat_id: catId,
          cat_name: title,
          item_id: itemId,
          s_number: int(row.s_number, 99),
          addtime: int(row.addtime),
          parent_cat_id: parent,
          level,
        });
        ids.catalogs.set(catId, itemId);
        job.report.brought(TABLE);
      }
      await writer.finish('cat_id');
    });
  },
};
