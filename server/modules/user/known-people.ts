import type { Kysely } from 'kysely';
import type { AuthedCtx } from '../../context.js';
import type { DB } from '../../db/tables.js';
import { isSiteAdmin } from './groups.js';
import { usersSharingItemsWith } from '../item/access.js';

/** The most people one unfiltered lookup answers; pickers filter them in the browser. */
export const KNOWN_PEOPLE_LIMIT = 200;

/**
 * `user/allUser` with nothing typed. ShowDoc's member picker loads it once and filters in the browser;
 * ShowDoc answered every account of the site. Folio answers the people the caller already works with:
 * everyone who shares a project with them (owners, members, team members) and everyone in their teams
 * (owners and members). A site administrator, who sees every account in the admin console anyway,
 * gets everyone. At most 200, by username.
 */
export async function knownPeople(ctx: AuthedCtx) {
  return knownPeopleQuery(ctx).orderBy('username_key').limit(KNOWN_PEOPLE_LIMIT).execute();
}

/** The accounts the caller knows (everyone for a site administrator), as a query to narrow further. */
export function knownPeopleQuery(ctx: AuthedCtx) {
  const query = ctx.db.selectFrom('user').select(['uid', 'username', 'name']);
  if (isSiteAdmin(ctx.user)) return query;
  const uid = ctx.user.uid;
  return query.where((eb) => eb.or([eb('uid', 'in', usersSharingItemsWith(ctx.db, uid)), eb('uid', 'in', teamFellows(ctx.db, uid))]));
}

/** Owners and members of every team `uid` owns or belongs to, as a subquery of uids. */
function teamFellows(db: Kysely<DB>, uid: number) {
  const teams = db
    .selectFrom('team')
    .select('team.id as team_id')
    .where('team.uid', '=', uid)
    .union(db.selectFrom('team_member').select('team_member.team_id').where('team_member.member_uid', '=', uid));
  return db
    .selectFrom('team_member')
    .select('team_member.member_uid as uid')
    .where('team_member.team_id', 'in', teams)
    .union(db.selectFrom('team').select('team.uid').where('team.id', 'in', teams));
}
