import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { readOptions, writeOption, writeOptions } from '../common/options.js';

/** What the admin console shows of the login secret key. */
export interface LoginSecretKey {
  login_secret_key: string;
  /** 1 when a link may create an account that does not exist yet. */
  create_user: number;
}

/** 128 random bits as 32 hex digits, ShowDoc's format, so keys copied from ShowDoc systems look alike. */
function newSecretKey(): string {
  return crypto.randomBytes(16).toString('hex');
}

/** Created on first read, as ShowDoc does, so the console always has a key to show. */
export async function getLoginSecretKey(db: Kysely<DB>): Promise<LoginSecretKey> {
  const o = await readOptions(db, ['login_secret_key', 'login_secret_create_user']);
  let key = o.login_secret_key ?? '';
  if (!key) {
    key = newSecretKey();
    await writeOption(db, 'login_secret_key', key);
  }
  return { login_secret_key: key, create_user: o.login_secret_create_user === '1' ? 1 : 0 };
}

/** A new key: every link signed with the old one stops working at once. */
export async function resetLoginSecretKey(db: Kysely<DB>): Promise<LoginSecretKey> {
  await writeOption(db, 'login_secret_key', newSecretKey());
  return getLoginSecretKey(db);
}

export async function saveSecretKeySettings(db: Kysely<DB>, createUser: boolean): Promise<LoginSecretKey> {
  await writeOptions(db, { login_secret_create_user: createUser ? '1' : '0' });
  return getLoginSecretKey(db);
}
