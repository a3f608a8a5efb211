import { sql, type Kysely } from 'kysely';
import type { LoginLog } from '../../../common/answers/admin.js';
import type { AppServices, AuthedCtx } from '../../context.js';
import { escapeLike } from '../../db/like.js';
import type { DB } from '../../db/tables.js';
import { formatTime } from '../../http/time.js';
import type { LoginLogInput } from './schema.js';

/** The log keeps half a year of attempts, and never more than this many rows (a password-guessing flood). */
export const LOGIN_LOG_MAX_AGE_SECONDS = 180 * 24 * 3600;
export const LOGIN_LOG_MAX_ROWS = 100_000;
const USER_AGENT_MAX = 300;
const USERNAME_MAX = 200;
const IP_MAX = 64;

/** Why a password login was refused, as the log and the console show it. */
export type LoginRefusal = 'missing' | 'captcha' | 'locked' | 'no_account' | 'password' | 'disabled' | 'error';

export interface LoginAttempt {
  /** 0 when the name matched no account. */
  uid: number;
  username: string;
  ip: string;
  userAgent: string;
  /** '' when the login succeeded. */
  reason: LoginRefusal | '';
}

/**
 * Writes one attempt, and trims the log as it goes: both trims are range deletes on an index (the id,
 * and the time), so they cost next to nothing when there is nothing to trim. No scheduler needed.
 */
export async function recordLoginAttempt(services: Pick<AppServices, 'db' | 'clock'>, attempt: LoginAttempt): Promise<void> {
  const now = services.clock.now();
  const row = await services.db
    .insertInto('user_login_log')
    .values({
      uid: attempt.uid,
      username: attempt.username.slice(0, USERNAME_MAX),
      ip: attempt.ip.slice(0, IP_MAX),
      user_agent: attempt.userAgent.slice(0, USER_AGENT_MAX),
      success: attempt.reason === '' ? 1 : 0,
      reason: attempt.reason,
      addtime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trimLoginLog(services.db, row.id, now);
}

/** Drops attempts older than the age limit and those more than LOGIN_LOG_MAX_ROWS ids behind the newest. */
export async function trimLoginLog(db: Kysely<DB>, newestId: number, now: number): Promise<void> {
  await db.deleteFrom('user_login_log').where('id', '<=', newestId - LOGIN_LOG_MAX_ROWS).execute();
  await db.deleteFrom('user_login_log').where('addtime', '<', now - LOGIN_LOG_MAX_AGE_SECONDS).execute();
}

/** `adminUser/loginLog`: attempts newest first, of one account (`uid`) or names containing `username`. */
export async function loginLog(ctx: AuthedCtx, input: LoginLogInput): Promise<LoginLog> {
  let query = ctx.db.selectFrom('user_login_log');
  if (input.uid > 0) query = query.where('uid', '=', input.uid);
  const name = input.username.trim().toLowerCase();
  if (name !== '') query = query.where(sql<boolean>`lower(username) like ${`%${escapeLike(name)}%`} escape '\\'`);
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['id', 'uid', 'username', 'ip', 'user_agent', 'success', 'reason', 'addtime'])
    .orderBy('id', 'desc')
    .limit(input.count)
    .offset((input.page - 1) * input.count)
    .execute();
  return {
    total: Number(total.n),
    list: rows.map((row) => ({ ...row, addtime: formatTime(row.addtime, ctx.config.timeZone) })),
  };
}
