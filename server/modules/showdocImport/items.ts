import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { encryptSecret, loadSiteSecret } from '../../secret.js';
import { hashPassword } from '../user/password.js';
import { importedIds } from './ids.js';
import type { ImportJob, ImportKind } from './job.js';
import { rowsOf } from './source.js';
import { id, idList, int, shanghaiTime, text, wellFormedText } from './values.js';
import { BatchWriter, inKindTransaction } from './writer.js';

const KIND = 'items';

/**
 * Projects with their ids (old links keep working), owner, visit password (plain text in ShowDoc,
 * hashed here), personal domain, archive/delete state; their open-API
 * credentials; and each person's groups, stars, order and pinned projects.
 */
export const itemsKind: ImportKind = {
  name: KIND,
  tables: ['item', 'item_token', 'item_group', 'item_star', 'item_sort', 'item_top'],
  async run(job) {
    await inKindTransaction(job, async (db) => {
      await importItems(job, db);
      await importTokens(job, db);
      await importGroups(job, db);
      await importStars(job, db);
      await importSorts(job, db);
      await importTops(job, db);
    });
  },
};

function fallbackOwner(job: ImportJob): number | null {
  const { users } = importedIds(job);
  // The lowest-uid account brought over; ShowDoc's first account is its administrator.
  let lowest: number | null = null;
  for (const uid of users.keys()) if (lowest === null || uid < lowest) lowest = uid;
  return lowest;
}

async function importItems(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const ids = importedIds(job);
  const liveDomains = new Set<string>();
  const writer = new BatchWriter(job, db, 'item');
  for (const row of rowsOf(job.source, 'item', 'item_id')) {
    const itemId = id(row.item_id);
    if (itemId === null) {
      job.report.skipped('item', `item row with item_id ${text(row.item_id)}: not a valid id`);
      continue;
    }
    let uid = int(row.uid);
    if (!ids.users.has(uid)) {
      const owner = fallbackOwner(job);
      if (owner === null) {
        job.report.failed('item', `item ${itemId}: its owner uid ${uid} does not exist and no account was brought`);
        continue;
      }
      job.report.note('item', `item ${itemId}: owner uid ${uid} does not exist; given to uid ${owner}`);
      uid = owner;
    }
    const isDel = int(row.is_del) ? 1 : 0;
    let domain = text(row.item_domain).trim();
    if (domain && !isDel) {
      if (liveDomains.has(domain.toLowerCase())) {
        job.report.note('item', `item ${itemId}: personal domain "${domain}" already taken by an earlier project; left without one`);
        domain = '';
      } else liveDomains.add(domain.toLowerCase());
    }
    const type = int(row.item_type, 1);
    const visitPassword = text(row.password);
    const lastUpdate = int(row.last_update_time);
    await writer.add({
      item_id: itemId,
      item_name: wellFormedText(row.item_name),
      item_description: wellFormedText(row.item_description),
      uid,
      username: ids.users.get(uid) ?? '',
      // ShowDoc keeps visit passwords in plain text; Folio keeps them as Argon2id hashes (item/visit-password.ts).
      password: visitPassword && !job.dryRun ? await hashPassword(visitPassword) : '',
      addtime: int(row.addtime),
      last_update_time: lastUpdate,
      item_domain: domain,
      item_type: type >= 1 && type <= 6 ? type : 1,
      is_archived: int(row.is_archived) ? 1 : 0,
      is_del: isDel,
      allow_comment: int(row.allow_comment) ? 1 : 0,
      allow_feedback: int(row.allow_feedback) ? 1 : 0,
      // ShowDoc does not record when; its last update is the closest it knows.
      del_time: isDel ? lastUpdate || int(row.addtime) : 0,
    });
    if (type < 1 || type > 6) job.report.note('item', `item ${itemId}: unknown type ${type}, brought as a regular project`);
    ids.items.set(itemId, type);
    job.report.brought('item');
  }
  await writer.finish('item_id');
}

async function importTokens(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { items } = importedIds(job);
  const keys = new Set<string>();
  const withToken = new Set<number>();
  const writer = new BatchWriter(job, db, 'item_token');
  // Folio keeps open-API tokens sealed with the site secret (item/keys.ts); a dry run must not create that secret.
  const siteSecret = job.dryRun || !db ? null : await loadSiteSecret(job.config, db);
  for (const row of rowsOf(job.source, 'item_token', 'id')) {
    const itemId = int(row.item_id);
    const apiKey = text(row.api_key);
    if (!items.has(itemId)) {
      job.report.skipped('item_token', `item_token ${text(row.id)}: its project ${itemId} does not exist`);
      continue;
    }
    if (!apiKey || keys.has(apiKey) || withToken.has(itemId)) {
      job.report.skipped('item_token', `item_token ${text(row.id)}: empty or duplicate api_key, or a second key of project ${itemId}`);
      continue;
    }
    keys.add(apiKey);
    withToken.add(itemId);
    await writer.add({
      id: int(row.id),
      item_id: itemId,
      api_key: apiKey,
      api_token: siteSecret ? encryptSecret(siteSecret, text(row.api_token)) : '',
      addtime: int(row.addtime),
      last_check_time: int(row.last_check_time),
    });
    job.report.brought('item_token');
  }
  await writer.finish('id');
}

async function importGroups(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { users, items } = importedIds(job);
  const writer = new BatchWriter(job, db, 'item_group');
  for (const row of rowsOf(job.source, 'item_group', 'id')) {
    const uid = int(row.uid);
    if (!users.has(uid)) {
      job.report.skipped('item_group', `item_group ${text(row.id)}: its owner uid ${uid} does not exist`);
      continue;
    }
    const { kept, dropped } = idList(row.item_ids, (n) => items.has(n));
    if (dropped.length) job.report.note('item_group', `item_group ${text(row.id)}: projects ${dropped.join(',')} no longer exist and were left out`);
    await writer.add({
      id: int(row.id),
      uid,
      group_name: wellFormedText(row.group_name),
      item_ids: kept.join(','),
      s_number: int(row.s_number),
      created_at: shanghaiTime(row.created_at),
      updated_at: shanghaiTime(row.updated_at),
    });
    job.report.brought('item_group');
  }
  await writer.finish('id');
}

async function importStars(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { users, items } = importedIds(job);
  const seen = new Set<string>();
  const writer = new BatchWriter(job, db, 'item_star');
  for (const row of rowsOf(job.source, 'item_star', 'id')) {
    const uid = int(row.uid);
    const itemId = int(row.item_id);
    const key = `${uid}:${itemId}`;
    if (!users.has(uid) || !items.has(itemId) || seen.has(key)) {
      job.report.skipped('item_star', `item_star ${text(row.id)}: user ${uid} or project ${itemId} does not exist, or a duplicate star`);
      continue;
    }
    seen.add(key);
    await writer.add({
      id: int(row.id),
      uid,
      item_id: itemId,
      s_number: int(row.s_number),
      created_at: shanghaiTime(row.created_at),
      updated_at: shanghaiTime(row.updated_at),
    });
    job.report.brought('item_star');
  }
  await writer.finish('id');
}

async function importSorts(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { users } = importedIds(job);
  const seen = new Set<string>();
  const writer = new BatchWriter(job, db, 'item_sort');
  for (const row of rowsOf(job.source, 'item_sort', 'id')) {
    const uid = int(row.uid);
    const groupId = int(row.item_group_id);
    const key = `${uid}:${groupId}`;
    if (!users.has(uid) || seen.has(key)) {
      job.report.skipped('item_sort', `item_sort ${text(row.id)}: user ${uid} does not exist, or a second order for the same view`);
      continue;
    }
    seen.add(key);
    await writer.add({ id: int(row.id), uid, item_sort_data: text(row.item_sort_data), addtime: int(row.addtime), item_group_id: groupId });
    job.report.brought('item_sort');
  }
  await writer.finish('id');
}

async function importTops(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { users, items } = importedIds(job);
  const seen = new Set<string>();
  const writer = new BatchWriter(job, db, 'item_top');
  for (const row of rowsOf(job.source, 'item_top', 'id')) {
    const uid = int(row.uid);
    const itemId = int(row.item_id);
    const key = `${uid}:${itemId}`;
    if (!users.has(uid) || !items.has(itemId) || seen.has(key)) {
      job.report.skipped('item_top', `item_top ${text(row.id)}: user ${uid} or project ${itemId} does not exist, or a duplicate`);
      continue;
    }
    seen.add(key);
    await writer.add({ id: int(row.id), uid, item_id: itemId, addtime: int(row.addtime) });
    job.report.brought('item_top');
  }
  await writer.finish('id');
}
