import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Ctx } from '../../context.js';
import type { Item } from '../../db/content-tables.js';
import type { DB } from '../../db/tables.js';
import { ApiError } from '../../http/api-error.js';
import { readOption } from '../common/options.js';
import { decryptSecret, encryptSecret, secretsEqual } from '../../secret.js';
import { isLocked, passwordRules, reserveAttempt } from '../user/throttle.js';
import { checkVisitPassword, passwordFingerprint } from './visit-password.js';

/**
 * The one place that answers "may this caller visit, edit or manage this item, and which catalogs may
 * they see". Every endpoint that reads or writes an item's data goes through it.
 *
 * Effective permission = the strongest of: site administrator, owner, the individual membership and
 * every team membership. A read-only (0) or editor (1) row may limit the member to some top-level
 * catalogs; the limit comes from the strongest granting rows. Managers (2) have no limit.
 */
export type MemberRole = 0 | 1 | 2;

export interface ItemAccess {
  item: Item;
  isOwner: boolean;
  isSiteAdmin: boolean;
  /** Strongest membership (individual or team), null when the caller is no member. */
  memberRole: MemberRole | null;
  canVisit: boolean;
  canEdit: boolean;
  canManage: boolean;
  /** Top-level catalogs the caller is limited to; null = the whole item. */
  catalogLimit: number[] | null;
}

interface MembershipRow {
  member_group_id: number;
  cat_id: number;
  cat_ids: string;
}

/** A live (not deleted) item by numeric id or personal domain. */
export async function findLiveItem(ctx: Ctx, ref: number | string): Promise<Item | undefined> {
  let q = ctx.db.selectFrom('item').selectAll().where('is_del', '=', 0);
  if (typeof ref === 'number' || /^\d+$/.test(ref)) q = q.where('item_id', '=', Number(ref));
  else q = q.where('item_domain', '=', ref);
  return q.executeTakeFirst();
}

export async function loadItemOrFail(ctx: Ctx, ref: number | string): Promise<Item> {
  const item = await findLiveItem(ctx, ref);
  if (!item) throw new ApiError(10101, 'item.notFound');
  return item;
}

export async function accessTo(ctx: Ctx, item: Item): Promise<ItemAccess> {
  const uid = ctx.user?.uid ?? 0;
  const isSiteAdmin = ctx.user?.groupid === 1;
  const isOwner = uid > 0 && item.uid === uid;
  const rows = uid > 0 ? await membershipRows(ctx, item.item_id, uid) : [];
  const memberRole = rows.length ? (Math.max(...rows.map((r) => r.member_group_id)) as MemberRole) : null;
  const canManage = isSiteAdmin || isOwner || memberRole === 2;
  const canEdit = canManage || memberRole === 1;
  const canVisit = canManage || memberRole !== null || (await holdsVisitRight(ctx, item));
  return {
    item,
    isOwner,
    isSiteAdmin,
    memberRole,
    canVisit,
    canEdit,
    canManage,
    catalogLimit: canManage || memberRole === null ? null : catalogLimitOf(rows.filter((r) => r.member_group_id === memberRole)),
  };
}

async function membershipRows(ctx: Ctx, itemId: number, uid: number): Promise<MembershipRow[]> {
  const own = ctx.db.selectFrom('item_member').select(['member_group_id', 'cat_id', 'cat_ids']).where('item_id', '=', itemId).where('uid', '=', uid);
  // A team grants access while the person is still in the team and the item is still attached to it.
  const viaTeams = ctx.db
    .selectFrom('team_item_member as tim')
    .innerJoin('team_member as tm', (j) => j.onRef('tm.team_id', '=', 'tim.team_id').onRef('tm.member_uid', '=', 'tim.member_uid'))
    .innerJoin('team_item as ti', (j) => j.onRef('ti.team_id', '=', 'tim.team_id').onRef('ti.item_id', '=', 'tim.item_id'))
    .select(['tim.member_group_id', 'tim.cat_id', 'tim.cat_ids'])
    .where('tim.item_id', '=', itemId)
    .where('tim.member_uid', '=', uid);
  return own.unionAll(viaTeams).execute();
}

function catalogLimitOf(rows: MembershipRow[]): number[] | null {
  const ids = new Set<number>();
  for (const row of rows) {
    const listed = row.cat_ids
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isInteger(n) && n > 0);
    const own = listed.length ? listed : row.cat_id > 0 ? [row.cat_id] : [];
    // Any granting row without a limit opens the whole item.
    if (own.length === 0) return null;
    own.forEach((id) => ids.add(id));
  }
  return [...ids];
}

async function holdsVisitRight(ctx: Ctx, item: Item): Promise<boolean> {
  if (!item.password) return true;
  if (ctx.visit.grants.get(item.item_id) === passwordFingerprint(item)) return true;
  if (ctx.visit.passwordParam) return checkVisitPassword(ctx, item, ctx.visit.passwordParam);
  return false;
}

/** Reading an item's content: visitors of public items, members, or holders of the visit password. */
export async function requireVisit(ctx: Ctx, ref: number | string): Promise<ItemAccess> {
  return visitOf(ctx, await loadItemOrFail(ctx, ref));
}

async function visitOf(ctx: Ctx, item: Item): Promise<ItemAccess> {
  if (!ctx.user && (await readOption(ctx.db, 'force_login')) === '1') throw new ApiError(10312);
  const access = await accessTo(ctx, item);
  if (!access.canVisit) throw new ApiError(10307);
  return access;
}

/**
 * `item/info`'s visit check. ShowDoc checks the visit right before existence, so a stranger gets 10303
 * for a missing or deleted project and cannot tell which ids exist (site administrators included, as
 * in ShowDoc); its owner and members learn that it is gone (10101).
 */
export async function requireVisitShown(ctx: Ctx, ref: number | string): Promise<ItemAccess> {
  const item = await findLiveItem(ctx, ref);
  if (!item) throw (await knewMissingItem(ctx, ref)) ? new ApiError(10101, 'item.notFound') : new ApiError(10303);
  return visitOf(ctx, item);
}

async function knewMissingItem(ctx: Ctx, ref: number | string): Promise<boolean> {
  if (typeof ref === 'string' && !/^\d+$/.test(ref)) return true;
  const uid = ctx.user?.uid ?? 0;
  if (uid === 0) return false;
  const itemId = Number(ref);
  const owned = await ctx.db.selectFrom('item').select('item_id').where('item_id', '=', itemId).where('uid', '=', uid).executeTakeFirst();
  return owned !== undefined || (await membershipRows(ctx, itemId, uid)).length > 0;
}

/**
 * Changing pages and catalogs. Archived items are read-only for everyone; `allowArchived` is for what
 * needs an editor but changes nothing (export, which ShowDoc keeps for editors of archived projects too).
 */
export async function requireEdit(ctx: Ctx, ref: number | string, options: { allowArchived?: boolean } = {}): Promise<ItemAccess> {
  const access = await accessTo(ctx, await loadItemOrFail(ctx, ref));
  if (!access.canEdit) throw new ApiError(access.canVisit ? 10303 : 10307);
  if (access.item.is_archived && !options.allowArchived) throw new ApiError(10101, 'item.archived');
  return access;
}

/** Settings, members, keys. Archived items refuse these too, except what `allowArchived` lets through. */
export async function requireManage(ctx: Ctx, ref: number | string, options: { allowArchived?: boolean } = {}): Promise<ItemAccess> {
  const access = await accessTo(ctx, await loadItemOrFail(ctx, ref));
  if (!access.canManage) throw new ApiError(access.canVisit ? 10303 : 10307);
  if (access.item.is_archived && !options.allowArchived) throw new ApiError(10101, 'item.archived');
  return access;
}

/** Transfer, archive and delete: the owner (or a site administrator) only. */
export async function requireOwner(ctx: Ctx, ref: number | string): Promise<ItemAccess> {
  const access = await accessTo(ctx, await loadItemOrFail(ctx, ref));
  if (!access.isOwner && !access.isSiteAdmin) throw new ApiError(access.canVisit ? 10303 : 10307);
  return access;
}

/**
 * Every catalog id the caller may read in the item (the allowed top-level catalogs and everything below
 * them), or null for all. Pages at the item's root lie outside every catalog, so a limited member does
 * not see them.
 */
export async function readableCatalogIds(ctx: Ctx, access: ItemAccess): Promise<Set<number> | null> {
  if (access.catalogLimit === null) return null;
  const allowed = new Set(access.catalogLimit);
  const catalogs = await ctx.db
    .selectFrom('catalog')
    .select(['cat_id', 'parent_cat_id'])
    .where('item_id', '=', access.item.item_id)
    .orderBy(sql`level`)
    .execute();
  // Levels are shallow (at most three), so a few passes settle every descendant.
  for (let pass = 0; pass < 4; pass++) {
    for (const c of catalogs) if (allowed.has(c.parent_cat_id)) allowed.add(c.cat_id);
  }
  return new Set([...allowed].filter((id) => catalogs.some((c) => c.cat_id === id)));
}

/** Whether a page in `catId` is readable under the limit (null = everything). */
export function catalogReadable(readable: Set<number> | null, catId: number): boolean {
  return readable === null || readable.has(catId);
}

/** Open-API calls either only read the project or change it; archived projects refuse changes. */
export type ApiKeyNeed = 'read' | 'write';

/**
 * Sealed with a key nobody holds: decrypting it fails exactly where a real token would succeed, so an
 * unknown api_key costs the same work as a known one with a wrong token.
 */
const unknownKeyToken = encryptSecret(crypto.randomBytes(32), crypto.randomBytes(16).toString('hex'));

/**
 * The open API's caller: whoever holds the project's `api_key` + `api_token` edits that one project and
 * nothing else (security.md B15: services still check that every id they are given lies in it).
 *
 * Unlike ShowDoc (plain `!==`, no limit, §1.18d) the token is compared in constant time and failures are
 * throttled like passwords, per api_key and per address. Only failures are counted: tokens are 128 random
 * bits, so counting before the check (as logins do) would buy nothing but make a CI that pushes pages in
 * parallel trip over its own successful calls. An unknown key, a wrong token and a deleted project all
 * answer 10306 after the same steps.
 */
export async function requireApiKey(ctx: Ctx, apiKey: string, apiToken: string, need: ApiKeyNeed = 'write'): Promise<ItemAccess> {
  const rules = passwordRules('apikey', crypto.createHash('sha256').update(apiKey).digest('hex').slice(0, 32), ctx.ip);
  if (await isLocked(ctx, rules)) throw new ApiError(10204);
  const row = apiKey === '' ? undefined : await ctx.db.selectFrom('item_token').select(['id', 'item_id', 'api_token']).where('api_key', '=', apiKey).executeTakeFirst();
  const stored = decryptSecret(ctx.secret, row?.api_token ?? unknownKeyToken);
  const tokenMatches = secretsEqual(stored ?? '', apiToken) && stored !== null && apiToken !== '';
  const item = row && tokenMatches ? await findLiveItem(ctx, row.item_id) : undefined;
  if (!row || !item) {
    await reserveAttempt(ctx, rules);
    throw new ApiError(10306, 'open.keyMismatch');
  }
  await ctx.db.updateTable('item_token').set({ last_check_time: ctx.clock.now() }).where('id', '=', row.id).execute();
  if (need === 'write' && item.is_archived) throw new ApiError(10101, 'item.archived');
  return { item, isOwner: false, isSiteAdmin: false, memberRole: null, canVisit: true, canEdit: !item.is_archived, canManage: false, catalogLimit: null };
}

/** Team grants that still hold: the person is still in the team and the item is still attached to it. */
function liveTeamGrants(db: Kysely<DB>) {
  return db
    .selectFrom('team_item_member as tim')
    .innerJoin('team_member as tm', (j) => j.onRef('tm.team_id', '=', 'tim.team_id').onRef('tm.member_uid', '=', 'tim.member_uid'))
    .innerJoin('team_item as ti', (j) => j.onRef('ti.team_id', '=', 'tim.team_id').onRef('ti.item_id', '=', 'tim.item_id'));
}

/**
 * Batch question for pickers: the uids of everyone who shares a live item with `uid` — its owners,
 * individual members and team members — as a subquery (`where uid in (…)`), with the same grants as
 * accessTo. `uid` is among them as soon as they reach any item.
 */
export function usersSharingItemsWith(db: Kysely<DB>, uid: number) {
  const reached = db
    .selectFrom('item')
    .select('item.item_id')
    .where('item.is_del', '=', 0)
    .where((eb) =>
      eb.or([
        eb('item.uid', '=', uid),
        eb('item.item_id', 'in', db.selectFrom('item_member').select('item_member.item_id').where('item_member.uid', '=', uid)),
        eb('item.item_id', 'in', liveTeamGrants(db).select('tim.item_id').where('tim.member_uid', '=', uid)),
      ]),
    );
  return db
    .selectFrom('item')
    .select('item.uid')
    .where('item.item_id', 'in', reached)
    .union(db.selectFrom('item_member').select('item_member.uid').where('item_member.item_id', 'in', reached))
    .union(liveTeamGrants(db).select('tim.member_uid as uid').where('tim.item_id', 'in', reached));
}
