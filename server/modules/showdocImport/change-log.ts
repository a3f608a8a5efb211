import { importedIds } from './ids.js';
import type { ImportKind } from './job.js';
import { rowsOf } from './source.js';
import { int, shanghaiTime, text, wellFormedText } from './values.js';
import { BatchWriter, inKindTransaction } from './writer.js';

/** Each project's change log (who created, changed, deleted what), with ShowDoc's Shanghai-time strings as unix seconds. */
export const changeLogKind: ImportKind = {
  name: 'change log',
  tables: ['item_change_log', 'export_log'],
  async run(job) {
    const { items } = importedIds(job);
    await inKindTransaction(job, async (db) => {
      const writer = new BatchWriter(job, db, 'item_change_log');
      for (const row of rowsOf(job.source, 'item_change_log', 'id')) {
        const itemId = int(row.item_id);
        if (!items.has(itemId)) {
          job.report.skipped('item_change_log', `item_change_log ${text(row.id)}: its project ${itemId} does not exist`);
          continue;
        }
        await writer.add({
          id: int(row.id),
          uid: int(row.uid),
          item_id: itemId,
          op_action_type: text(row.op_action_type),
          op_object_type: text(row.op_object_type),
          op_object_id: int(row.op_object_id),
          op_object_name: wellFormedText(row.op_object_name),
          remark: wellFormedText(row.remark),
          optime: shanghaiTime(row.optime),
        });
        job.report.brought('item_change_log');
      }
      await writer.finish('id');

      const exports = new BatchWriter(job, db, 'export_log');
      for (const row of rowsOf(job.source, 'export_log', 'id')) {
        const itemId = int(row.item_id);
        if (!items.has(itemId)) {
          job.report.skipped('export_log', `export_log ${text(row.id)}: its project ${itemId} does not exist`);
          continue;
        }
        await exports.add({ id: int(row.id), uid: int(row.uid), export_type: text(row.export_type), item_id: itemId, addtime: shanghaiTime(row.addtime) });
        job.report.brought('export_log');
      }
      await exports.finish('id');
    });
  },
};
