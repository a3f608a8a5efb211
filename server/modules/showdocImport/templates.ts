import { importedIds } from './ids.js';
import type { ImportKind } from './job.js';
import { rowsOf } from './source.js';
import { int, shanghaiTime, text, wellFormedText } from './values.js';
import { BatchWriter, inKindTransaction } from './writer.js';

/** Personal page templates and their shares with projects. */
export const templatesKind: ImportKind = {
  name: 'templates',
  tables: ['template', 'template_item'],
  async run(job) {
    const { users, items, templates } = importedIds(job);
    await inKindTransaction(job, async (db) => {
      const writer = new BatchWriter(job, db, 'template');
      for (const row of rowsOf(job.source, 'template', 'id')) {
        const templateId = int(row.id);
        const uid = int(row.uid);
        if (templateId <= 0 || !users.has(uid)) {
          job.report.skipped('template', `template ${text(row.id)}: its owner uid ${uid} does not exist`);
          continue;
        }
        await writer.add({
          id: templateId,
          uid,
          username: users.get(uid) ?? '',
          template_title: wellFormedText(row.template_title),
          // ShowDoc 3.9.2 stores templates as typed (not escaped like page bodies).
          template_content: wellFormedText(row.template_content),
          addtime: int(row.addtime),
        });
        templates.add(templateId);
        job.report.brought('template');
      }
      await writer.finish('id');

      const seen = new Set<string>();
      const shares = new BatchWriter(job, db, 'template_item');
      for (const row of rowsOf(job.source, 'template_item', 'id')) {
        const templateId = int(row.template_id);
        const itemId = int(row.item_id);
        if (!templates.has(templateId) || !items.has(itemId) || seen.has(`${templateId}:${itemId}`)) {
          job.report.skipped('template_item', `template_item ${text(row.id)}: template ${templateId} or project ${itemId} does not exist, or a duplicate`);
          continue;
        }
        seen.add(`${templateId}:${itemId}`);
        await shares.add({
          id: int(row.id),
          template_id: templateId,
          item_id: itemId,
          uid: int(row.uid),
          username: wellFormedText(row.username),
          created_at: shanghaiTime(row.created_at),
        });
        job.report.brought('template_item');
      }
      await shares.finish('id');
    });
  },
};
