import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { usernameKey } from './username.js';

/** The account a person named: by username (any case or width) or by e-mail address. */
export async function findUserByName(db: Kysely<DB>, name: string): Promise<{ uid: number; username: string; name: string } | undefined> {
  const key = usernameKey(name.trim());
  if (key === '') return undefined;
  return db
    .selectFrom('user')
    .select(['uid', 'username', 'name'])
    .where((eb) => eb.or([eb('username_key', '=', key), eb('email', '=', key)]))
    .orderBy('uid')
    .executeTakeFirst();
}
