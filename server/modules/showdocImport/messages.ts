import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { importedIds } from './ids.js';
import type { ImportJob, ImportKind } from './job.js';
import { rowsOf } from './source.js';
import { int, shanghaiTime, text, wellFormedText } from './values.js';
import { BatchWriter, inKindTransaction } from './writer.js';

/**
 * Subscriptions (who is told when a page changes), and the messages a person would miss: reminders
 * read or unread and announcements. Messages the person deleted (status -1) are not brought.
 */
export const messagesKind: ImportKind = {
  name: 'messages',
  tables: ['subscription', 'message_content', 'message'],
  async run(job) {
    await inKindTransaction(job, async (db) => {
      await importSubscriptions(job, db);
      await importMessageContents(job, db);
      await importMessages(job, db);
    });
  },
};

async function importSubscriptions(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { users } = importedIds(job);
  const writer = new BatchWriter(job, db, 'subscription');
  for (const row of rowsOf(job.source, 'subscription', 'id')) {
    const uid = int(row.uid);
    if (!users.has(uid)) {
      job.report.skipped('subscription', `subscription ${text(row.id)}: user ${uid} does not exist`);
      continue;
    }
    await writer.add({
      id: int(row.id),
      uid,
      object_id: int(row.object_id),
      object_type: text(row.object_type),
      action_type: text(row.action_type),
      sub_time: shanghaiTime(row.sub_time),
    });
    job.report.brought('subscription');
  }
  await writer.finish('id');
}

async function importMessageContents(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { messageContents } = importedIds(job);
  const writer = new BatchWriter(job, db, 'message_content');
  for (const row of rowsOf(job.source, 'message_content', 'id')) {
    const contentId = int(row.id);
    if (contentId <= 0) {
      job.report.skipped('message_content', `message_content ${text(row.id)}: not a valid id`);
      continue;
    }
    await writer.add({
      id: contentId,
      from_uid: int(row.from_uid),
      from_name: wellFormedText(row.from_name),
      message_type: text(row.message_type),
      message_content: wellFormedText(row.message_content),
      action_type: text(row.action_type),
      object_type: text(row.object_type),
      object_id: int(row.object_id),
      addtime: shanghaiTime(row.addtime),
    });
    messageContents.add(contentId);
    job.report.brought('message_content');
  }
  await writer.finish('id');
}

async function importMessages(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { users, messageContents } = importedIds(job);
  const writer = new BatchWriter(job, db, 'message');
  let deleted = 0;
  for (const row of rowsOf(job.source, 'message', 'id')) {
    const toUid = int(row.to_uid);
    const contentId = int(row.message_content_id);
    const status = int(row.status);
    if (status < 0) {
      deleted += 1;
      continue;
    }
    if (!users.has(toUid) || !messageContents.has(contentId)) {
      job.report.skipped('message', `message ${text(row.id)}: recipient ${toUid} or content ${contentId} does not exist`);
      continue;
    }
    await writer.add({
      id: int(row.id),
      from_uid: int(row.from_uid),
      to_uid: toUid,
      message_type: text(row.message_type),
      message_content_id: contentId,
      status: status ? 1 : 0,
      addtime: shanghaiTime(row.addtime),
      readtime: shanghaiTime(row.readtime),
    });
    job.report.brought('message');
  }
  await writer.finish('id');
  job.report.skippedAll('message', deleted, 'messages their recipient had deleted (status -1)');
}
