import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { readableContent } from '../page/content.js';
import { typedContent, typedTitle } from './escaped-text.js';
import { importedIds } from './ids.js';
import type { ImportJob, ImportKind } from './job.js';
import { rowsOf, type SourceRow } from './source.js';
import { int, text, wellFormedText } from './values.js';
import { BatchWriter, inKindTransaction } from './writer.js';

/**
 * Pages and their history. Bodies are decoded (old ShowDoc compressed some) and unescaped to what the
 * person typed; titles are unescaped only where ShowDoc stored them escaped (escaped-text.ts).
 */
export const pagesKind: ImportKind = {
  name: 'pages',
  tables: ['page', 'page_history'],
  async run(job) {
    await inKindTransaction(job, async (db) => {
      await importPages(job, db);
      await importHistory(job, db);
    });
  },
};

function pageText(job: ImportJob, table: string, rowId: number, row: SourceRow) {
  const { title, unescaped } = typedTitle(wellFormedText(row.page_title), int(row.author_uid) === 0);
  if (unescaped) job.report.note(table, `${table} ${rowId}: title was stored HTML-escaped; unescaped`);
  return { title, content: typedContent(wellFormedText(readableContent(text(row.page_content)))) };
}

async function importPages(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const ids = importedIds(job);
  const writer = new BatchWriter(job, db, 'page');
  for (const row of rowsOf(job.source, 'page', 'page_id')) {
    const pageId = int(row.page_id);
    const itemId = int(row.item_id);
    if (pageId <= 0 || !ids.items.has(itemId)) {
      job.report.skipped('page', `page ${text(row.page_id)}: its project ${itemId} does not exist`);
      continue;
    }
    const isDel = int(row.is_del) ? 1 : 0;
    let catId = int(row.cat_id);
    if (catId !== 0 && ids.catalogs.get(catId) !== itemId) {
      // Pages deleted with their catalog keep a dangling cat_id in ShowDoc; live ones are shown at the root.
      if (!isDel) job.report.note('page', `page ${pageId}: catalog ${catId} does not exist; moved to the project root`);
      catId = 0;
    }
    const { title, content } = pageText(job, 'page', pageId, row);
    await writer.add({
      page_id: pageId,
      author_uid: int(row.author_uid),
      author_username: wellFormedText(row.author_username),
      item_id: itemId,
      cat_id: catId,
      page_title: title,
      page_content: content,
      s_number: int(row.s_number, 99),
      addtime: int(row.addtime),
      page_comments: wellFormedText(row.page_comments),
      is_del: isDel,
      page_addtime: int(row.page_addtime),
      ext_info: text(row.ext_info),
      is_draft: int(row.is_draft) ? 1 : 0,
    });
    ids.pages.set(pageId, itemId);
    job.report.brought('page');
  }
  await writer.finish('page_id');
}

async function importHistory(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { pages } = importedIds(job);
  const writer = new BatchWriter(job, db, 'page_history');
  for (const row of rowsOf(job.source, 'page_history', 'page_history_id')) {
    const historyId = int(row.page_history_id);
    const pageId = int(row.page_id);
    const itemId = pages.get(pageId);
    if (historyId <= 0 || itemId === undefined) {
      job.report.skipped('page_history', `page_history ${text(row.page_history_id)}: its page ${pageId} does not exist`);
      continue;
    }
    const { title, content } = pageText(job, 'page_history', historyId, row);
    await writer.add({
      page_history_id: historyId,
      page_id: pageId,
      author_uid: int(row.author_uid),
      author_username: wellFormedText(row.author_username),
      item_id: itemId,
      cat_id: int(row.cat_id),
      page_title: title,
      page_content: content,
      s_number: int(row.s_number, 99),
      addtime: int(row.addtime),
      page_comments: wellFormedText(row.page_comments),
      ext_info: text(row.ext_info),
    });
    job.report.brought('page_history');
  }
  await writer.finish('page_history_id');
}
