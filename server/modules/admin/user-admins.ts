import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { withNamedLock, type Trx } from '../../db/locks.js';
import type { DB } from '../../db/tables.js';
import { SITE_ADMIN_GROUP } from '../user/groups.js';

/** What the account actions need: the web console passes its request context, the CLI its database. */
export type AccountStore = Pick<Database, 'db' | 'dialect'>;

/**
 * Runs a change to accounts in one transaction that takes turns with every other such change, so two
 * administrators demoting or disabling each other at once cannot together leave the site without one.
 */
export function withAccountsLocked<T>(store: AccountStore, work: (trx: Trx) => Promise<T>): Promise<T> {
  return withNamedLock(store, 'folio.site-admins', work);
}

/** Administrators who can still log in, not counting `exceptUid`. */
export async function otherActiveAdmins(db: Kysely<DB>, exceptUid: number): Promise<number> {
  const row = await db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('groupid', '=', SITE_ADMIN_GROUP)
    .where('is_disabled', '=', 0)
    .where('uid', '!=', exceptUid)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
