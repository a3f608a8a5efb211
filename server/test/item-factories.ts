import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { MemberRole } from '../modules/item/access.js';
import { VISIT_COOKIE } from '../http/visit-cookie.js';
import type { Envelope, TestApp } from './harness.js';
import { registerUser, type TestUser } from './factories.js';

/**
 * The world of projects, members, teams, catalogs and pages that item tests need. Projects are made
 * through the API as a person would make them; members, teams, catalogs and pages are written as rows
 * until their own APIs exist (then these helpers should switch to the API, keeping their signatures).
 */

export interface TestItem {
  item_id: number;
  item_name: string;
  /** The visit password in plain text ('' for a public project). */
  password: string;
}

export interface TestCatalog {
  cat_id: number;
  item_id: number;
  level: number;
}

let sequence = 0;
/** A name no other test uses, so a search for it finds only what the test planted. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${++sequence}-${crypto.randomBytes(3).toString('hex')}`;
}

/** A project owned by `owner`, made with `item/add`; public unless a visit password is given. */
export async function createItem(
  t: TestApp,
  owner: TestUser,
  options: { item_name?: string; password?: string; item_type?: number; item_domain?: string } = {},
): Promise<TestItem> {
  const item_name = options.item_name ?? uniqueName('project');
  const password = options.password ?? '';
  const res = await t.call('item/add', { item_name, password, item_type: options.item_type, item_domain: options.item_domain }, { token: owner.token });
  if (res.error_code !== 0) throw new Error(`item/add ${item_name} failed: ${res.error_code} ${res.error_message}`);
  return { item_id: (res.data as { item_id: number }).item_id, item_name, password };
}

function catIdList(catIds: number[] | undefined): string {
  return (catIds ?? []).join(',');
}

/** An individual member: 0 read-only, 1 editor, 2 manager; `catIds` limits them to those top-level catalogs. */
export async function addMember(t: TestApp, itemId: number, user: TestUser, role: MemberRole, catIds?: number[]): Promise<void> {
  await t.database.db
    .insertInto('item_member')
    .values({ item_id: itemId, uid: user.uid, username: user.username, member_group_id: role, cat_ids: catIdList(catIds), addtime: t.clock.now() })
    .execute();
}

/**
 * Membership through a team: a team of `teamOwner` with `user` in it (a new one unless `inTeam` names
 * one the user is already in), the project attached to the team, and the user's role in that project.
 * Returns the team so a test can take it apart again or attach more projects.
 */
export async function addTeamMember(
  t: TestApp,
  itemId: number,
  teamOwner: TestUser,
  user: TestUser,
  role: MemberRole,
  catIds?: number[],
  inTeam?: { team_id: number },
): Promise<{ team_id: number }> {
  const db = t.database.db;
  const now = t.clock.now();
  let teamId = inTeam?.team_id;
  if (teamId === undefined) {
    const team = await db
      .insertInto('team')
      .values({ team_name: uniqueName('team'), uid: teamOwner.uid, username: teamOwner.username, addtime: now, last_update_time: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    teamId = team.id;
    await db
      .insertInto('team_member')
      .values({ team_id: teamId, member_uid: user.uid, member_username: user.username, team_member_group_id: 1, addtime: now, last_update_time: now })
      .execute();
  }
  await db.insertInto('team_item').values({ team_id: teamId, item_id: itemId, addtime: now, last_update_time: now }).execute();
  await db
    .insertInto('team_item_member')
    .values({
      team_id: teamId,
      item_id: itemId,
      member_group_id: role,
      member_uid: user.uid,
      member_username: user.username,
      cat_ids: catIdList(catIds),
      addtime: now,
      last_update_time: now,
    })
    .execute();
  return { team_id: teamId };
}

/** A catalog at the top of the project (level 2, as ShowDoc counts), or under `parent`. */
export async function addCatalog(t: TestApp, itemId: number, name: string, parent?: TestCatalog): Promise<TestCatalog> {
  const level = parent ? parent.level + 1 : 2;
  const row = await t.database.db
    .insertInto('catalog')
    .values({ item_id: itemId, cat_name: name, parent_cat_id: parent?.cat_id ?? 0, level, addtime: t.clock.now() })
    .returning('cat_id')
    .executeTakeFirstOrThrow();
  return { cat_id: row.cat_id, item_id: itemId, level };
}

/** A page in a catalog, or at the project's root when no catalog is given. */
export async function addPage(t: TestApp, itemId: number, fields: { cat_id?: number; title?: string; content?: string } = {}): Promise<{ page_id: number; page_title: string }> {
  const page_title = fields.title ?? uniqueName('page');
  const now = t.clock.now();
  const row = await t.database.db
    .insertInto('page')
    .values({ item_id: itemId, cat_id: fields.cat_id ?? 0, page_title, page_content: fields.content ?? '', addtime: now, page_addtime: now })
    .returning('page_id')
    .executeTakeFirstOrThrow();
  return { page_id: row.page_id, page_title };
}

/** The visit-grant cookie an answer set, as the `cookie` header the browser sends back; null when none was set. */
export function visitCookieFrom(response: LightMyRequestResponse): string | null {
  const cookie = response.cookies.find((c) => c.name === VISIT_COOKIE);
  return cookie ? `${VISIT_COOKIE}=${encodeURIComponent(cookie.value)}` : null;
}

/**
 * The password screen as a browser uses it: a solved captcha, the project and its visit password.
 * `cookie` is what the browser already holds; the answer's grant cookie comes back as `cookie`.
 */
export async function enterVisitPassword(
  t: TestApp,
  itemRef: number | string,
  password: string,
  options: { cookie?: string; remoteAddress?: string; captcha?: { captcha_id: string; captcha: string } } = {},
): Promise<Envelope & { response: LightMyRequestResponse; cookie: string | null }> {
  const captcha = options.captcha ?? (await t.solveCaptcha());
  const res = await t.call(
    'item/pwd',
    { item_id: String(itemRef), password, ...captcha },
    { headers: options.cookie ? { cookie: options.cookie } : {}, ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}) },
  );
  return { ...res, cookie: visitCookieFrom(res.response) };
}

/** A project with one person in each role, and two catalogs: `limited` edits only inside `open`. */
export interface ProjectWithRoles {
  owner: TestUser;
  editor: TestUser;
  reader: TestUser;
  limited: TestUser;
  stranger: TestUser;
  item: TestItem;
  open: TestCatalog;
  closed: TestCatalog;
}

export async function projectWithRoles(t: TestApp, options: { password?: string } = {}): Promise<ProjectWithRoles> {
  const [owner, editor, reader, limited, stranger] = [await registerUser(t), await registerUser(t), await registerUser(t), await registerUser(t), await registerUser(t)];
  const item = await createItem(t, owner, options);
  const open = await addCatalog(t, item.item_id, 'Open');
  const closed = await addCatalog(t, item.item_id, 'Closed');
  await addMember(t, item.item_id, editor, 1);
  await addMember(t, item.item_id, reader, 0);
  await addMember(t, item.item_id, limited, 1, [open.cat_id]);
  return { owner, editor, reader, limited, stranger, item, open, closed };
}
