import type { Collaborator, ItemPerson, MemberRow } from '../../../common/answers/member.js';
import type { AuthedCtx } from '../../context.js';
import { bumpItemStamps } from '../../db/locks.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time.js';
import { recordChange } from '../changeLog/record.js';
import { readOption } from '../common/options.js';
import { grantsOnItem, membersOfItemsOwnedBy, requireEdit, requireManage, type MemberRole } from '../item/access.js';
import { findUserByName } from '../user/lookup.js';

/**
 * Individual members of a project (reference §6.6): read-only (0), editor (1) or manager (2), optionally
 * limited to some top-level catalogs. Managers decide; access.ts reads the rows, so a change applies to
 * the member's next request. Every change bumps the project's version stamp: what `item/info` may show
 * depends on who is in the project, and the stamp is what cached answers are checked against.
 */

export interface MemberInput {
  item_id: number;
  usernames: string[];
  member_group_id: MemberRole;
  cat_ids: number[];
}

/** The admin's collaborator quota per project (option `item_member_max`); none by default. */
async function memberQuota(ctx: AuthedCtx): Promise<number | null> {
  const raw = await readOption(ctx.db, 'item_member_max');
  const max = Number(raw);
  return raw && Number.isInteger(max) && max > 0 ? max : null;
}

/** Catalog limits name top-level catalogs of this project only. */
async function requireTopCatalogs(ctx: AuthedCtx, itemId: number, catIds: number[]): Promise<void> {
  if (catIds.length === 0) return;
  const rows = await ctx.db.selectFrom('catalog').select('cat_id').where('item_id', '=', itemId).where('parent_cat_id', '=', 0).where('cat_id', 'in', catIds).execute();
  if (rows.length !== new Set(catIds).size) throw new ApiError(10101, 'member.catalogNotTopLevel');
}

/** `member/save`: adds people by username or e-mail; existing members and the owner are skipped. */
export async function addMembers(ctx: AuthedCtx, input: MemberInput): Promise<{ id: number }> {
  const { item } = await requireManage(ctx, input.item_id);
  await requireTopCatalogs(ctx, item.item_id, input.cat_ids);
  const people = [];
  for (const name of input.usernames) {
    const user = await findUserByName(ctx.db, name);
    if (!user) throw new ApiError(10209, 'member.unknownUser', { name });
    if (user.uid !== item.uid) people.push(user);
  }
  const existing = new Set((await ctx.db.selectFrom('item_member').select('uid').where('item_id', '=', item.item_id).execute()).map((r) => r.uid));
  const fresh = [...new Map(people.filter((p) => !existing.has(p.uid)).map((p) => [p.uid, p])).values()];
  if (fresh.length === 0) throw new ApiError(10101, 'member.alreadyMember');
  const quota = await memberQuota(ctx);
  if (quota !== null && existing.size + fresh.length > quota) throw new ApiError(10310, 'member.quota', { max: String(quota) });
  const now = ctx.clock.now();
  let lastId = 0;
  await ctx.db.transaction().execute(async (trx) => {
    await bumpItemStamps(trx, [item.item_id]);
    for (const person of fresh) {
      const row = await trx
        .insertInto('item_member')
        .values({ item_id: item.item_id, uid: person.uid, username: person.username, member_group_id: input.member_group_id, cat_ids: input.cat_ids.join(','), cat_id: 0, addtime: now })
        .returning('item_member_id')
        .executeTakeFirstOrThrow();
      lastId = row.item_member_id;
      await recordChange(ctx, { itemId: item.item_id, action: 'binding', object: 'member', objectId: person.uid, objectName: person.username }, trx);
    }
  });
  return { id: lastId };
}

/** Folio: a member's role and catalogs changed in place (ShowDoc removed and re-added them). */
export async function updateMember(ctx: AuthedCtx, itemId: number, memberId: number, role: MemberRole | undefined, catIds: number[] | undefined): Promise<{ success: true }> {
  const { item } = await requireManage(ctx, itemId);
  const row = await ctx.db.selectFrom('item_member').selectAll().where('item_member_id', '=', memberId).where('item_id', '=', item.item_id).executeTakeFirst();
  if (!row) throw new ApiError(10101, 'member.notFound');
  if (catIds) await requireTopCatalogs(ctx, item.item_id, catIds);
  await ctx.db.transaction().execute(async (trx) => {
    await bumpItemStamps(trx, [item.item_id]);
    await trx
      .updateTable('item_member')
      .set({ ...(role !== undefined ? { member_group_id: role } : {}), ...(catIds ? { cat_ids: catIds.join(','), cat_id: 0 } : {}) })
      .where('item_member_id', '=', row.item_member_id)
      .execute();
    await recordChange(ctx, { itemId: item.item_id, action: 'update', object: 'member', objectId: row.uid, objectName: row.username }, trx);
  });
  return { success: true };
}

const ROLE_TEXT = { en: ['Read-only', 'Editor', 'Manager'], zh: ['只读', '编辑', '管理'] } as const;

/** `member/getList`: the project's individual members, oldest first, with their catalogs named. */
export async function listMembers(ctx: AuthedCtx, itemId: number): Promise<MemberRow[]> {
  // Listing changes nothing: the managers of an archived project still see who is in it (read-only).
  const { item } = await requireManage(ctx, itemId, { allowArchived: true });
  const rows = await ctx.db
    .selectFrom('item_member')
    .innerJoin('user', 'user.uid', 'item_member.uid')
    .selectAll('item_member')
    .select('user.name')
    .where('item_member.item_id', '=', item.item_id)
    .orderBy('item_member.addtime')
    .orderBy('item_member.item_member_id')
    .execute();
  const catalogs = new Map(
    (await ctx.db.selectFrom('catalog').select(['cat_id', 'cat_name']).where('item_id', '=', item.item_id).where('parent_cat_id', '=', 0).execute()).map((c) => [c.cat_id, c.cat_name]),
  );
  const all = ctx.lang === 'zh' ? '所有目录' : 'All catalogs';
  return rows.map((row) => {
    const catIds = (row.cat_ids ? row.cat_ids.split(',').map(Number) : row.cat_id > 0 ? [row.cat_id] : []).filter((id) => catalogs.has(id));
    const catName = catIds.length === 0 ? all : catIds.map((id) => catalogs.get(id)).join(ctx.lang === 'zh' ? '、' : ', ');
    return {
      item_member_id: row.item_member_id,
      item_id: row.item_id,
      uid: row.uid,
      username: row.username,
      name: row.name,
      member_group_id: row.member_group_id,
      cat_id: row.cat_id,
      cat_ids: catIds,
      cat_name: catName,
      member_group: `${ROLE_TEXT[ctx.lang][row.member_group_id] ?? ''}/${ctx.lang === 'zh' ? '目录' : 'catalogs'}: ${catName}`,
      addtime: formatTime(row.addtime, ctx.config.timeZone),
    };
  });
}

export async function removeMember(ctx: AuthedCtx, itemId: number, memberId: number): Promise<{ success: true }> {
  const { item } = await requireManage(ctx, itemId);
  const row = await ctx.db.selectFrom('item_member').selectAll().where('item_member_id', '=', memberId).where('item_id', '=', item.item_id).executeTakeFirst();
  if (!row) throw new ApiError(10101, 'member.notFound');
  await ctx.db.transaction().execute(async (trx) => {
    await bumpItemStamps(trx, [item.item_id]);
    await trx.deleteFrom('item_member').where('item_member_id', '=', row.item_member_id).execute();
    await recordChange(ctx, { itemId: item.item_id, action: 'unbound', object: 'member', objectId: row.uid, objectName: row.username }, trx);
  });
  return { success: true };
}

/** `member/getAllList`: everyone with access — owner, members, team members — once each (editors' pickers). */
export async function everyoneWithAccess(ctx: AuthedCtx, itemId: number): Promise<ItemPerson[]> {
  const { item } = await requireEdit(ctx, itemId, { keepsPages: true });
  const owner = await ctx.db.selectFrom('user').select(['uid', 'username', 'name']).where('uid', '=', item.uid).executeTakeFirst();
  const grants = await grantsOnItem(ctx, item.item_id);
  const people = grants.length ? await ctx.db.selectFrom('user').select(['uid', 'username', 'name']).where('uid', 'in', [...new Set(grants.map((g) => g.uid))]).execute() : [];
  const byUid = new Map(people.map((p) => [p.uid, p]));
  const seen = new Set<number>();
  const out: ItemPerson[] = [];
  const add = (row: { uid: number; username: string; name: string }, group: number) => {
    if (seen.has(row.uid)) return;
    seen.add(row.uid);
    out.push({ item_id: item.item_id, uid: row.uid, username: row.username, username_name: row.name || row.username, member_group_id: group });
  };
  if (owner) add(owner, 2);
  for (const grant of grants) {
    const person = byUid.get(grant.uid);
    if (person) add(person, grant.member_group_id);
  }
  return out;
}

/** `member/getMyAllList`: people I already work with (members of my projects and teams), for pickers; `addtime` in unix seconds, as in ShowDoc. */
export async function myCollaborators(ctx: AuthedCtx): Promise<Collaborator[]> {
  const fromItems = await membersOfItemsOwnedBy(ctx, ctx.user.uid);
  const fromTeams = await ctx.db
    .selectFrom('team_member')
    .innerJoin('team', 'team.id', 'team_member.team_id')
    .select(['team_member.member_uid as uid', 'team_member.member_username as username', 'team_member.addtime'])
    .where('team.uid', '=', ctx.user.uid)
    .execute();
  const byUid = new Map<number, { uid: number; username: string; addtime: number }>();
  for (const row of [...fromItems, ...fromTeams]) {
    if (row.uid === ctx.user.uid) continue;
    const known = byUid.get(row.uid);
    if (!known || known.addtime < row.addtime) byUid.set(row.uid, row);
  }
  return [...byUid.values()].sort((a, b) => b.addtime - a.addtime).slice(0, 500);
}
