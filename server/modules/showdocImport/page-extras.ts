import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { importedIds } from './ids.js';
import type { ImportJob, ImportKind } from './job.js';
import { countRows, rowsOf } from './source.js';
import { int, shanghaiTime, text, wellFormedText } from './values.js';
import { BatchWriter, inKindTransaction } from './writer.js';
import { typedTitle } from './escaped-text.js';

/**
 * What hangs off pages: the recycle bin, share links (`/p/<key>` keeps working), mocks (templates are
 * stored raw by ShowDoc), comments and feedback. Edit locks are short-lived and dropped.
 */
export const pageExtrasKind: ImportKind = {
  name: 'page extras',
  tables: ['recycle', 'single_page', 'mock', 'page_lock', 'page_comment', 'page_feedback'],
  async run(job) {
    await inKindTransaction(job, async (db) => {
      await importRecycle(job, db);
      await importShares(job, db);
      await importMocks(job, db);
      await importComments(job, db);
      await importFeedback(job, db);
    });
    job.report.skippedAll('page_lock', countRows(job.source, 'page_lock'), 'edit locks last minutes and are not brought');
  },
};

async function importRecycle(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { pages } = importedIds(job);
  const seen = new Set<number>();
  const writer = new BatchWriter(job, db, 'recycle');
  for (const row of rowsOf(job.source, 'recycle', 'id')) {
    const pageId = int(row.page_id);
    const itemId = pages.get(pageId);
    if (itemId === undefined || seen.has(pageId)) {
      job.report.skipped('recycle', `recycle ${text(row.id)}: its page ${pageId} does not exist or is already in the bin`);
      continue;
    }
    seen.add(pageId);
    await writer.add({
      id: int(row.id),
      item_id: itemId,
      page_id: pageId,
      page_title: typedTitle(wellFormedText(row.page_title), false).title,
      del_by_uid: int(row.del_by_uid),
      del_by_username: wellFormedText(row.del_by_username),
      del_time: int(row.del_time),
    });
    job.report.brought('recycle');
  }
  await writer.finish('id');
}

async function importShares(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { pages } = importedIds(job);
  const keys = new Set<string>();
  const shared = new Set<number>();
  const writer = new BatchWriter(job, db, 'single_page');
  for (const row of rowsOf(job.source, 'single_page', 'id')) {
    const pageId = int(row.page_id);
    const key = text(row.unique_key).trim();
    if (!pages.has(pageId) || !key || keys.has(key) || shared.has(pageId)) {
      job.report.skipped('single_page', `single_page ${text(row.id)}: its page ${pageId} does not exist, or an empty or duplicate key`);
      continue;
    }
    keys.add(key);
    shared.add(pageId);
    await writer.add({ id: int(row.id), unique_key: key, page_id: pageId, expire_time: int(row.expire_time) });
    job.report.brought('single_page');
  }
  await writer.finish('id');
}

async function importMocks(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { pages } = importedIds(job);
  const keys = new Set<string>();
  const mocked = new Set<number>();
  const writer = new BatchWriter(job, db, 'mock');
  for (const row of rowsOf(job.source, 'mock', 'id')) {
    const pageId = int(row.page_id);
    const itemId = pages.get(pageId);
    const key = text(row.unique_key).trim();
    if (itemId === undefined || !key || keys.has(key) || mocked.has(pageId)) {
      job.report.skipped('mock', `mock ${text(row.id)}: its page ${pageId} does not exist, or an empty or duplicate key`);
      continue;
    }
    keys.add(key);
    mocked.add(pageId);
    await writer.add({
      id: int(row.id),
      unique_key: key,
      uid: int(row.uid),
      page_id: pageId,
      item_id: itemId,
      view_times: int(row.view_times),
      template: wellFormedText(row.template),
      addtime: shanghaiTime(row.addtime),
      last_update_time: shanghaiTime(row.last_update_time),
      path: text(row.path),
    });
    job.report.brought('mock');
  }
  await writer.finish('id');
}

async function importComments(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { pages } = importedIds(job);
  const writer = new BatchWriter(job, db, 'page_comment');
  for (const row of rowsOf(job.source, 'page_comment', 'comment_id')) {
    const pageId = int(row.page_id);
    const itemId = pages.get(pageId);
    if (itemId === undefined) {
      job.report.skipped('page_comment', `page_comment ${text(row.comment_id)}: its page ${pageId} does not exist`);
      continue;
    }
    await writer.add({
      comment_id: int(row.comment_id),
      page_id: pageId,
      item_id: itemId,
      parent_id: int(row.parent_id),
      uid: int(row.uid),
      username: wellFormedText(row.username),
      content: wellFormedText(row.content),
      is_deleted: int(row.is_deleted) ? 1 : 0,
      addtime: shanghaiTime(row.addtime),
    });
    job.report.brought('page_comment');
  }
  await writer.finish('comment_id');
}

async function importFeedback(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { pages } = importedIds(job);
  const writer = new BatchWriter(job, db, 'page_feedback');
  for (const row of rowsOf(job.source, 'page_feedback', 'feedback_id')) {
    const pageId = int(row.page_id);
    const itemId = pages.get(pageId);
    if (itemId === undefined) {
      job.report.skipped('page_feedback', `page_feedback ${text(row.feedback_id)}: its page ${pageId} does not exist`);
      continue;
    }
    await writer.add({
      feedback_id: int(row.feedback_id),
      page_id: pageId,
      item_id: itemId,
      uid: int(row.uid),
      client_id: text(row.client_id),
      feedback_type: int(row.feedback_type),
      addtime: shanghaiTime(row.addtime),
    });
    job.report.brought('page_feedback');
  }
  await writer.finish('feedback_id');
}
