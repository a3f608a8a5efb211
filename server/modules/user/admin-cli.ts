import crypto from 'node:crypto';
import type { Config } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { checkNewPassword, hashPassword } from './password.js';
import { isValidUsername, looksLikeEmail, usernameKey } from './username.js';
import { ApiError } from '../../http/api-error.js';

/**
 * `folio create-admin <username>`: there is no default administrator, so an operator makes one.
 * An existing account is promoted and keeps its password.
 */
export async function createAdmin(config: Config, username: string, suppliedPassword: string | null): Promise<number> {
  if (!isValidUsername(username)) {
    console.error('A username has 2 to 30 letters, digits, _ or - (Chinese characters allowed), or is an e-mail address.');
    return 2;
  }
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database);
    const key = usernameKey(username);
    const existing = await database.db.selectFrom('user').select(['uid']).where('username_key', '=', key).executeTakeFirst();
    if (existing) {
      await database.db.updateTable('user').set({ groupid: 1 }).where('uid', '=', existing.uid).execute();
      console.log(`${username} is now an administrator.`);
      return 0;
    }
    const password = suppliedPassword ?? `${crypto.randomBytes(12).toString('base64url')}-Aa1`; // strong by any site rule
    try {
      checkNewPassword(password);
    } catch (err) {
      console.error(err instanceof ApiError ? err.textIn('en') : String(err));
      return 2;
    }
    const now = Math.floor(Date.now() / 1000);
    await database.db
      .insertInto('user')
      .values({
        username,
        username_key: key,
        groupid: 1,
        email: looksLikeEmail(username) ? username.toLowerCase() : '',
        password: await hashPassword(password),
        reg_time: now,
      })
      .execute();
    console.log(`Created administrator ${username}.`);
    if (!suppliedPassword) console.log(`Password (shown once, change it after logging in): ${password}`);
    return 0;
  } finally {
    await database.close();
  }
}
