import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { importedIds } from './ids.js';
import type { ImportJob, ImportKind } from './job.js';
import { rowsOf, type SourceRow } from './source.js';
import { idList, int, text, wellFormedText } from './values.js';
import { BatchWriter, inKindTransaction } from './writer.js';

/** Project members with their roles and catalog limits, teams, their members, projects and per-project rights. */
export const membersKind: ImportKind = {
  name: 'members and teams',
  tables: ['item_member', 'team', 'team_member', 'team_item', 'team_item_member'],
  async run(job) {
    await inKindTransaction(job, async (db) => {
      await importItemMembers(job, db);
      await importTeams(job, db);
      await importTeamMembers(job, db);
      await importTeamItems(job, db);
      await importTeamItemMembers(job, db);
    });
  },
};

function role(value: unknown): number {
  const n = int(value, 1);
  return n === 0 || n === 1 || n === 2 ? n : 1;
}

/** Catalog limits keep only catalogs of the same project; a limit left empty would widen access, so the row is refused instead. */
function catalogLimits(job: ImportJob, table: string, rowId: string, itemId: number, row: SourceRow): { cat_id: number; cat_ids: string } | null {
  const { catalogs } = importedIds(job);
  const catId = int(row.cat_id);
  const { kept, dropped } = idList(row.cat_ids, (n) => catalogs.get(n) === itemId);
  const legacyOk = catId === 0 || catalogs.get(catId) === itemId;
  if ((dropped.length && !kept.length) || (!legacyOk && !kept.length)) {
    job.report.skipped(table, `${table} ${rowId}: limited to catalogs that no longer exist (${[...dropped, ...(legacyOk ? [] : [String(catId)])].join(',')}); not brought so the limit does not become full access`);
    return null;
  }
  if (dropped.length) job.report.note(table, `${table} ${rowId}: catalogs ${dropped.join(',')} no longer exist and were left out of the limit`);
  return { cat_id: legacyOk ? catId : 0, cat_ids: kept.join(',') };
}

async function importItemMembers(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { users, items } = importedIds(job);
  const seen = new Set<string>();
  const writer = new BatchWriter(job, db, 'item_member');
  for (const row of rowsOf(job.source, 'item_member', 'item_member_id')) {
    const rowId = text(row.item_member_id);
    const itemId = int(row.item_id);
    const uid = int(row.uid);
    if (!users.has(uid) || !items.has(itemId) || seen.has(`${itemId}:${uid}`)) {
      job.report.skipped('item_member', `item_member ${rowId}: user ${uid} or project ${itemId} does not exist, or a duplicate membership`);
      continue;
    }
    const limits = catalogLimits(job, 'item_member', rowId, itemId, row);
    if (!limits) continue;
    seen.add(`${itemId}:${uid}`);
    await writer.add({
      item_member_id: int(row.item_member_id),
      item_id: itemId,
      uid,
      username: users.get(uid) ?? '',
      addtime: int(row.addtime),
      member_group_id: role(row.member_group_id),
      ...limits,
    });
    job.report.brought('item_member');
  }
  await writer.finish('item_member_id');
}

async function importTeams(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { users, teams } = importedIds(job);
  const writer = new BatchWriter(job, db, 'team');
  for (const row of rowsOf(job.source, 'team', 'id')) {
    const teamId = int(row.id);
    const uid = int(row.uid);
    if (teamId <= 0 || !users.has(uid)) {
      job.report.skipped('team', `team ${text(row.id)}: its owner uid ${uid} does not exist`);
      continue;
    }
    await writer.add({
      id: teamId,
      team_name: wellFormedText(row.team_name),
      uid,
      username: users.get(uid) ?? '',
      addtime: int(row.addtime),
      last_update_time: int(row.last_update_time),
    });
    teams.add(teamId);
    job.report.brought('team');
  }
  await writer.finish('id');
}

async function importTeamMembers(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { users, teams } = importedIds(job);
  const seen = new Set<string>();
  const writer = new BatchWriter(job, db, 'team_member');
  for (const row of rowsOf(job.source, 'team_member', 'id')) {
    const teamId = int(row.team_id);
    const uid = int(row.member_uid);
    if (!teams.has(teamId) || !users.has(uid) || seen.has(`${teamId}:${uid}`)) {
      job.report.skipped('team_member', `team_member ${text(row.id)}: team ${teamId} or user ${uid} does not exist, or a duplicate`);
      continue;
    }
    seen.add(`${teamId}:${uid}`);
    await writer.add({
      id: int(row.id),
      team_id: teamId,
      member_uid: uid,
      member_username: users.get(uid) ?? '',
      addtime: int(row.addtime),
      last_update_time: int(row.last_update_time),
      team_member_group_id: int(row.team_member_group_id, 1) === 2 ? 2 : 1,
    });
    job.report.brought('team_member');
  }
  await writer.finish('id');
}

async function importTeamItems(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { items, teams } = importedIds(job);
  const seen = new Set<string>();
  const writer = new BatchWriter(job, db, 'team_item');
  for (const row of rowsOf(job.source, 'team_item', 'id')) {
    const teamId = int(row.team_id);
    const itemId = int(row.item_id);
    if (!teams.has(teamId) || !items.has(itemId) || seen.has(`${teamId}:${itemId}`)) {
      job.report.skipped('team_item', `team_item ${text(row.id)}: team ${teamId} or project ${itemId} does not exist, or a duplicate`);
      continue;
    }
    seen.add(`${teamId}:${itemId}`);
    await writer.add({ id: int(row.id), team_id: teamId, item_id: itemId, addtime: int(row.addtime), last_update_time: int(row.last_update_time) });
    job.report.brought('team_item');
  }
  await writer.finish('id');
}

async function importTeamItemMembers(job: ImportJob, db: Kysely<DB> | null): Promise<void> {
  const { users, items, teams } = importedIds(job);
  const seen = new Set<string>();
  const writer = new BatchWriter(job, db, 'team_item_member');
  for (const row of rowsOf(job.source, 'team_item_member', 'id')) {
    const rowId = text(row.id);
    const teamId = int(row.team_id);
    const itemId = int(row.item_id);
    const uid = int(row.member_uid);
    const key = `${teamId}:${itemId}:${uid}`;
    if (!teams.has(teamId) || !items.has(itemId) || !users.has(uid) || seen.has(key)) {
      job.report.skipped('team_item_member', `team_item_member ${rowId}: team ${teamId}, project ${itemId} or user ${uid} does not exist, or a duplicate`);
      continue;
    }
    const limits = catalogLimits(job, 'team_item_member', rowId, itemId, row);
    if (!limits) continue;
    seen.add(key);
    await writer.add({
      id: int(row.id),
      team_id: teamId,
      item_id: itemId,
      member_group_id: role(row.member_group_id),
      member_uid: uid,
      member_username: users.get(uid) ?? '',
      addtime: int(row.addtime),
      last_update_time: int(row.last_update_time),
      ...limits,
    });
    job.report.brought('team_item_member');
  }
  await writer.finish('id');
}
