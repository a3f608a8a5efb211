import crypto from 'node:crypto';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Ctx } from '../../context.js';
import type { Item } from '../../db/content-tables.js';
import type { DB } from '../../db/tables.js';
import { preparedQuery } from '../../db/prepared.js';
import { ApiError } from '../../http/api-error.js';
import { readOption } from '../common/options.js';
import { decryptSecret, encryptSecret, secretsEqual } from '../../secret.js';
import { isSiteAdmin } from '../user/groups.js';
import { isBoardType } from '../board/board-types.js';
import { isLocked, passwordRules, reserveAttempt } from '../user/throttle.js';
import { checkVisitPassword, passwordFingerprint } from './visit-password.js';

/**
 * The one place that answers "may this caller visit, edit or manage this item, and which catalogs may
 * they see". Every endpoint that reads or writes an item's data goes through it.
 *
 * Effective permission = the strongest of: site administrator, owner, the individual membership and
 * every team membership. A read-only (0) or editor (1) row may limit the member to some top-level
 * catalogs; the limit comes from the strongest granting rows. Managers (2) have no limit.
 *
 * The list and batch questions live here too (`reachedItems`: the projects a person reaches;
 * `readersOfPage`: which of these people may read a page; `usersSharingItemsWith`), all built on one
 * private membership query (`grantRows`) and one catalog-limit expansion (`expandCatalogLimit`), so no
 * other module reads `item_member` or `team_item_member` to decide who reaches what.
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

interface GrantRow {
  /** Which table and row grants it: `item_member` (0) or `team_item_member` (1), and that row's id. */
  via_team: number;
  row_id: number;
  item_id: number;
  uid: number;
  member_group_id: number;
  cat_id: number;
  cat_ids: string;
}

/** Who is asked about: an account (uid 0 = a guest) and its site group (1 = site administrator). */
export interface Person {
  uid: number;
  groupid: number;
}

/** A live (not deleted) item by numeric id or personal domain. */
const liveItemById = preparedQuery<[itemId: number]>()((db, arg) => db.selectFrom('item').selectAll().where('is_del', '=', 0).where('item_id', '=', arg(0)));
/** One person's grant rows in one item: the question every page read asks. */
const grantsOfPerson = preparedQuery<[itemId: number, uid: number]>()((db, arg) => grantRows(db, { items: [arg(0)], uids: [arg(1)] }));

export async function findLiveItem(ctx: Ctx, ref: number | string): Promise<Item | undefined> {
  if (typeof ref === 'number' || /^\d+$/.test(ref)) {
    const id = Number(ref);
    // Ids are 32-bit (zId); a longer number names no item, and PostgreSQL would fail on it out of range.
    if (!Number.isSafeInteger(id) || id > 2147483647) return undefined;
    const [item] = await liveItemById(ctx.db, id);
    return item;
  }
  return ctx.db.selectFrom('item').selectAll().where('is_del', '=', 0).where('item_domain', '=', ref).executeTakeFirst();
}

export async function loadItemOrFail(ctx: Ctx, ref: number | string): Promise<Item> {
  const item = await findLiveItem(ctx, ref);
  if (!item) throw new ApiError(10101, 'item.notFound');
  return item;
}

export async function accessTo(ctx: Ctx, item: Item): Promise<ItemAccess> {
  const uid = ctx.user?.uid ?? 0;
  const rows = uid > 0 && item.uid !== uid ? await grantsOfPerson(ctx.db, item.item_id, uid) : [];
  const standing = rolesOf(item.uid, { uid, groupid: ctx.user?.groupid ?? 0 }, rows);
  const canVisit = standing.canManage || standing.memberRole !== null || (await holdsVisitRight(ctx, item));
  return accessOf(item, standing, canVisit);
}

/**
 * The answer, written out: V8 (Node 20) adds keys after a spread on a slow path (~3 µs an object), and
 * `item/myList` makes one per project the user reaches (issue 21).
 */
function accessOf(item: Item, roles: Roles, canVisit: boolean): ItemAccess {
  return {
    item,
    isOwner: roles.isOwner,
    isSiteAdmin: roles.isSiteAdmin,
    memberRole: roles.memberRole,
    canVisit,
    canEdit: roles.canEdit,
    canManage: roles.canManage,
    catalogLimit: roles.catalogLimit,
  };
}

type Roles = Omit<ItemAccess, 'canVisit' | 'item'>;

/** What `person` may do in a project owned by `ownerUid` (site administrator, owner) and by their grant rows there. */
function rolesOf(ownerUid: number, person: Person, rows: readonly GrantRow[]): Roles {
  const siteAdmin = isSiteAdmin(person);
  const isOwner = person.uid > 0 && ownerUid === person.uid;
  const memberRole = rows.length ? (Math.max(...rows.map((r) => r.member_group_id)) as MemberRole) : null;
  const canManage = siteAdmin || isOwner || memberRole === 2;
  const canEdit = canManage || memberRole === 1;
  return {
    isOwner,
    isSiteAdmin: siteAdmin,
    memberRole,
    canEdit,
    canManage,
    catalogLimit: canManage || memberRole === null ? null : catalogLimitOf(rows.filter((r) => r.member_group_id === memberRole)),
  };
}

/**
 * Batch question for pickers: everyone who holds a live grant in the item, with the role of that grant,
 * individual members first (in the order they were added), then team members. The owner is not among
 * them unless they also hold a grant.
 */
export async function grantsOnItem(ctx: Ctx, itemId: number): Promise<{ uid: number; member_group_id: number }[]> {
  const rows = await grantRows(ctx.db, { items: [itemId] }).execute();
  return rows.sort((x, y) => x.via_team - y.via_team || x.row_id - y.row_id).map(({ uid, member_group_id }) => ({ uid, member_group_id }));
}

/** Ids to match: a list, or a subquery of one column. An empty list matches nothing. */
type IdMatch = readonly number[] | SelectQueryBuilder<DB, keyof DB, Record<string, number>>;

/**
 * THE membership query: every row that grants someone access to an item, individual (`item_member`) or
 * through a team (`team_item_member`). A team row grants access while the person is still in the team
 * and the item is still attached to it. Every question of this module about members is asked here, so
 * no other module reads these tables to decide access.
 */
function grantRows(db: Kysely<DB>, on: { items?: IdMatch; uids?: IdMatch }) {
  let own = db
    .selectFrom('item_member')
    .select(['item_member.item_id', 'item_member.uid', 'item_member.member_group_id', 'item_member.cat_id', 'item_member.cat_ids', 'item_member.item_member_id as row_id'])
    .select(sql<number>`0`.as('via_team'));
  let viaTeams = db
    .selectFrom('team_item_member as tim')
    .innerJoin('team_member as tm', (j) => j.onRef('tm.team_id', '=', 'tim.team_id').onRef('tm.member_uid', '=', 'tim.member_uid'))
    .innerJoin('team_item as ti', (j) => j.onRef('ti.team_id', '=', 'tim.team_id').onRef('ti.item_id', '=', 'tim.item_id'))
    .select(['tim.item_id', 'tim.member_uid as uid', 'tim.member_group_id', 'tim.cat_id', 'tim.cat_ids', 'tim.id as row_id'])
    .select(sql<number>`1`.as('via_team'));
  // Filters go into both halves (not around the union), so each half uses its table's indexes.
  if (on.items) {
    const items = matchable(on.items);
    own = own.where('item_member.item_id', 'in', items);
    viaTeams = viaTeams.where('tim.item_id', 'in', items);
  }
  if (on.uids) {
    const uids = matchable(on.uids);
    own = own.where('item_member.uid', 'in', uids);
    viaTeams = viaTeams.where('tim.member_uid', 'in', uids);
  }
  return own.unionAll(viaTeams);
}

/** `in ()` is not SQL: an empty list becomes a list no id matches. */
function matchable(ids: IdMatch): IdMatch {
  return Array.isArray(ids) && ids.length === 0 ? [0] : ids;
}

function catalogLimitOf(rows: readonly GrantRow[]): number[] | null {
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
  return owned !== undefined || (await grantRows(ctx.db, { items: [itemId], uids: [uid] }).execute()).length > 0;
}

/**
 * THE question "may anyone edit the pages and catalogs of this item": not in ShowDoc's whiteboards and
 * kanban boards (types 5, 6), which Folio shows read-only until it edits them. Managing the project
 * (settings, members, keys, transfer, delete) is not concerned.
 */
export function pagesWritable(item: Pick<Item, 'item_type'>): boolean {
  return !isBoardType(item.item_type);
}

/** The one refusal of a page or catalog write into a read-only project type. */
export function requirePagesWritable(item: Pick<Item, 'item_type'>): void {
  if (!pagesWritable(item)) throw new ApiError(10101, 'board.readOnly');
}

export interface EditOptions {
  /** Needs an editor but changes nothing (export, which ShowDoc keeps for editors of archived projects too). */
  allowArchived?: boolean;
  /**
   * Writes no page or catalog (pickers, lists for editors, subscriptions, share links), so read-only
   * project types let it through. Everything else asking for an editor is refused there by default.
   */
  keepsPages?: boolean;
}

/** Changing pages and catalogs. Archived items are read-only for everyone, boards too (`pagesWritable`). */
export async function requireEdit(ctx: Ctx, ref: number | string, options: EditOptions = {}): Promise<ItemAccess> {
  const access = await accessTo(ctx, await loadItemOrFail(ctx, ref));
  if (!access.canEdit) throw new ApiError(access.canVisit ? 10303 : 10307);
  if (access.item.is_archived && !options.allowArchived) throw new ApiError(10101, 'item.archived');
  if (!options.keepsPages && !options.allowArchived) requirePagesWritable(access.item);
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
 * Every catalog id the caller may read in the item (see `expandCatalogLimit`), or null for all.
 */
export async function readableCatalogIds(ctx: Ctx, access: ItemScope): Promise<Set<number> | null> {
  if (access.catalogLimit === null) return null;
  const catalogs = await ctx.db.selectFrom('catalog').select(['cat_id', 'parent_cat_id']).where('item_id', '=', access.item.item_id).execute();
  return expandCatalogLimit(catalogs, access.catalogLimit);
}

/**
 * THE expansion of a catalog limit, for every reader of it (page reads and writes, catalog lists,
 * menus, search, export, notices): the catalogs named in the limit and everything below them, walking
 * down from the project's root along `parent_cat_id`. Null limit = everything (null).
 *
 * Orphans: a catalog whose parent is missing, or that sits in a stored cycle, cannot be reached from
 * the root. The menu never shows it (as ShowDoc), so under a limit it is not readable either, even when
 * the limit names it: a limited member reaches exactly what their menu shows, and nothing by page id
 * that the menu hides. (The stricter of the two rules the code had; people without a limit are not
 * concerned.) Pages at the root lie outside every catalog, so a limited member does not see them.
 */
export function expandCatalogLimit(catalogs: readonly CatalogLink[], limit: readonly number[] | null): Set<number> | null {
  if (limit === null) return null;
  const named = new Set(limit);
  const children = new Map<number, number[]>();
  for (const c of catalogs) {
    const siblings = children.get(c.parent_cat_id);
    if (siblings) siblings.push(c.cat_id);
    else children.set(c.parent_cat_id, [c.cat_id]);
  }
  const readable = new Set<number>();
  const reached = new Set<number>();
  // Breadth-first from the root: each catalog once, so a cycle cannot loop and depth is not bounded.
  const queue: { catId: number; underReadable: boolean }[] = (children.get(0) ?? []).map((catId) => ({ catId, underReadable: false }));
  for (let i = 0; i < queue.length; i++) {
    const { catId, underReadable } = queue[i] as { catId: number; underReadable: boolean };
    if (catId === 0 || reached.has(catId)) continue;
    reached.add(catId);
    const isReadable = underReadable || named.has(catId);
    if (isReadable) readable.add(catId);
    for (const child of children.get(catId) ?? []) queue.push({ catId: child, underReadable: isReadable });
  }
  return readable;
}

/** A catalog's place in its tree: all the limit expansion reads. */
export interface CatalogLink {
  cat_id: number;
  parent_cat_id: number;
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
  if (need === 'write') requirePagesWritable(item);
  return { item, isOwner: false, isSiteAdmin: false, memberRole: null, canVisit: true, canEdit: !item.is_archived, canManage: false, catalogLimit: null };
}

/**
 * List question: the live items `person` reaches as owner, individual member or through a team, with what
 * they may do in each (as accessTo answers for them; every one of them may be visited). Ordered by id.
 */
export async function reachedItems(ctx: Ctx, person: Person): Promise<ItemAccess[]> {
  if (person.uid <= 0) return [];
  const rows = await grantsOfUser(ctx.db, person.uid);
  const items = await itemsReachedBy(ctx.db, person.uid);
  const rowsOf = groupBy(rows, (r) => r.item_id);
  return items.map((item) => accessOf(item, rolesOf(item.uid, person, rowsOf.get(item.item_id) ?? []), true));
}

/** A project someone reaches, as far as reading its pages goes: which one, and their catalog limit in it. */
export interface ItemScope {
  item: Pick<Item, 'item_id'>;
  catalogLimit: number[] | null;
}

/**
 * List question for a search across someone's projects: `reachedItems` without the projects' rows, which
 * a search does not show (reading 450 projects' whole rows cost more than the search itself, issue 21).
 */
export async function reachedScopes(ctx: Ctx, person: Person): Promise<ItemScope[]> {
  if (person.uid <= 0) return [];
  const rows = await grantsOfUser(ctx.db, person.uid);
  const items = await ownersOfItemsReachedBy(ctx.db, person.uid);
  const rowsOf = groupBy(rows, (r) => r.item_id);
  return items.map(({ item_id, uid }) => ({ item: { item_id }, catalogLimit: rolesOf(uid, person, rowsOf.get(item_id) ?? []).catalogLimit }));
}

// The project list's two questions, compiled once: building this union and its subquery anew was most
// of item/myList's CPU (issue 21).
const grantsOfUser = preparedQuery<[uid: number]>()((db, arg) => grantRows(db, { uids: [arg(0)] }));
const itemsReachedBy = preparedQuery<[uid: number]>()((db, arg) => liveItemsReachedBy(db, arg(0)).selectAll().orderBy('item_id'));
const ownersOfItemsReachedBy = preparedQuery<[uid: number]>()((db, arg) => liveItemsReachedBy(db, arg(0)).select(['item_id', 'uid']).orderBy('item_id'));

function liveItemsReachedBy(db: Kysely<DB>, uid: number) {
  return db
    .selectFrom('item')
    .where('is_del', '=', 0)
    .where((eb) => eb.or([eb('uid', '=', uid), eb('item_id', 'in', itemIdsGrantedTo(db, uid))]));
}

/** The ids of the items someone holds a grant row for, as a subquery. */
function itemIdsGrantedTo(db: Kysely<DB>, uid: number) {
  return db.selectFrom(grantRows(db, { uids: [uid] }).as('grants')).select('grants.item_id');
}

/** A page as far as reading it goes: its project, catalog, and whether it is someone's draft. */
export interface PageHeader {
  item_id: number;
  cat_id: number;
  is_draft: number;
  author_uid: number;
}

/**
 * Batch question for notices: which of `people` may read the page, as `reachPage(…, 'visit')` would
 * answer each of them — a live project they may visit on their own (no visit password of this request
 * counts), the page no draft of someone else, and inside their catalog limit. One grant query for all.
 */
export async function readersOfPage(ctx: Ctx, page: PageHeader, people: readonly Person[]): Promise<Set<number>> {
  const readers = new Set<number>();
  const item = people.length ? await findLiveItem(ctx, page.item_id) : undefined;
  if (!item) return readers;
  const rows: GrantRow[] = [];
  const uids = [...new Set(people.map((p) => p.uid).filter((uid) => uid > 0))];
  // Chunked: SQLite caps bound parameters per statement.
  for (let i = 0; i < uids.length; i += 500) rows.push(...(await grantRows(ctx.db, { items: [item.item_id], uids: uids.slice(i, i + 500) }).execute()));
  const rowsOf = groupBy(rows, (r) => r.uid);
  let catalogs: CatalogLink[] | undefined;
  for (const person of people) {
    const standing = rolesOf(item.uid, person, rowsOf.get(person.uid) ?? []);
    const canVisit = standing.canManage || standing.memberRole !== null || !item.password;
    const draftShown = page.is_draft === 0 || (person.uid > 0 && page.author_uid === person.uid);
    if (!canVisit || !draftShown) continue;
    if (standing.catalogLimit !== null) {
      catalogs ??= await ctx.db.selectFrom('catalog').select(['cat_id', 'parent_cat_id']).where('item_id', '=', item.item_id).execute();
      if (!catalogReadable(expandCatalogLimit(catalogs, standing.catalogLimit), page.cat_id)) continue;
    }
    readers.add(person.uid);
  }
  return readers;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(key(row));
    if (list) list.push(row);
    else out.set(key(row), [row]);
  }
  return out;
}

/**
 * Batch question for the member picker (`member/getMyAllList`): the individual members of the live items
 * `ownerUid` owns, with the name they were added under and when.
 */
export async function membersOfItemsOwnedBy(ctx: Ctx, ownerUid: number): Promise<{ uid: number; username: string; addtime: number }[]> {
  return ctx.db
    .selectFrom('item_member')
    .innerJoin('item', 'item.item_id', 'item_member.item_id')
    .select(['item_member.uid', 'item_member.username', 'item_member.addtime'])
    .where('item.uid', '=', ownerUid)
    .where('item.is_del', '=', 0)
    .execute();
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
    .where((eb) => eb.or([eb('item.uid', '=', uid), eb('item.item_id', 'in', itemIdsGrantedTo(db, uid))]));
  return db
    .selectFrom('item')
    .select('item.uid')
    .where('item.item_id', 'in', reached)
    .union(db.selectFrom(grantRows(db, { items: reached }).as('grants')).select('grants.uid'));
}
