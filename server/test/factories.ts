import crypto from 'node:crypto';
import { hashPassword } from '../modules/user/password.js';
import { hashToken, newToken } from '../modules/user/tokens.js';
import { looksLikeEmail, usernameKey } from '../modules/user/username.js';
import type { TestApp } from './harness.js';

export interface TestUser {
  uid: number;
  username: string;
  password: string;
  token: string;
  groupid: number;
}

interface UserFields {
  username?: string;
  password?: string;
}

/**
 * A registered, logged-in user, written as rows: the account as `user/registerByVerify` would store it
 * (the first account of a site is its administrator, an e-mail name is also the e-mail) and a login
 * token. Tests that are about registering use `registerThroughApi`.
 */
export async function registerUser(t: TestApp, fields: UserFields = {}): Promise<TestUser> {
  const username = fields.username ?? `user_${crypto.randomBytes(4).toString('hex')}`;
  const password = fields.password ?? 'correct horse 1';
  const passwordHash = await hashPassword(password);
  const now = t.clock.now();
  const token = newToken();
  // One at a time per app, as the API's lock does, so parallel setups make one administrator only.
  const user = await serially(t, async () => {
    const admin = await t.database.db.selectFrom('user').select('uid').where('groupid', '=', 1).executeTakeFirst();
    return t.database.db
      .insertInto('user')
      .values({
        username,
        username_key: usernameKey(username),
        groupid: admin ? 2 : 1,
        email: looksLikeEmail(username) ? username.toLowerCase() : '',
        password: passwordHash,
        reg_time: now,
        last_login_time: now,
      })
      .returning(['uid', 'groupid'])
      .executeTakeFirstOrThrow();
  });
  await t.database.db
    .insertInto('user_token')
    .values({ uid: user.uid, token: hashToken(token), token_expire: now + t.config.tokenTtlSeconds, ip: '127.0.0.1', addtime: now, last_check_time: now })
    .execute();
  return { uid: user.uid, username, password, token, groupid: user.groupid };
}

/** A user made through the API as a person would: captcha, then `user/registerByVerify`. */
export async function registerThroughApi(t: TestApp, fields: UserFields = {}): Promise<TestUser> {
  const username = fields.username ?? `user_${crypto.randomBytes(4).toString('hex')}`;
  const password = fields.password ?? 'correct horse 1';
  const res = await t.call('user/registerByVerify', { username, password, confirm_password: password, ...(await t.solveCaptcha()) });
  if (res.error_code !== 0) throw new Error(`register ${username} failed: ${res.error_code} ${res.error_message}`);
  const data = res.data as { uid: number; user_token: string; groupid: number };
  return { uid: data.uid, username, password, token: data.user_token, groupid: data.groupid };
}

export async function loginUser(t: TestApp, username: string, password: string, headers: Record<string, string> = {}) {
  return t.call('user/loginByVerify', { username, password, ...(await t.solveCaptcha()) }, { headers });
}

const queues = new WeakMap<TestApp, Promise<unknown>>();

function serially<T>(t: TestApp, work: () => Promise<T>): Promise<T> {
  const result = (queues.get(t) ?? Promise.resolve()).then(work, work);
  queues.set(t, result.catch(() => undefined));
  return result;
}
