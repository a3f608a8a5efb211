import { sql } from 'kysely';
import type { AuthedCtx, Ctx } from '../../context.js';
import type { User } from '../../db/tables.js';
import { isUniqueViolation } from '../../db/errors.js';
import { escapeLike } from '../../db/like.js';
import { withNamedLock } from '../../db/locks.js';
import { ApiError } from '../../http/api-error.js';
import { recordLoginAttempt, type LoginAttempt, type LoginRefusal } from '../admin/login-log.js';
import { consumeCaptcha } from '../captcha/service.js';
import { readOption } from '../common/options.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.js';
import { knownPeople, knownPeopleQuery } from './known-people.js';
import { presentLogin, presentUserInfo } from './presenter.js';
import { clearAttempts, passwordRules, reserveAttempt } from './throttle.js';
import { findSession, issueToken, revokeTokens } from './tokens.js';
import { isValidUsername, looksLikeEmail, usernameKey } from './username.js';
import { checkPasswordPolicy } from './password-policy.js';
import { giveSampleProjects } from '../sample/service.js';
import { activeLdapForm } from './ldap-config.js';
import { directoryLogin, explainLocalConflict } from './ldap-login.js';

export interface RegisterInput {
  username: string;
  password: string;
  confirm_password: string;
  captcha: string;
  captcha_id: string;
}

export async function register(ctx: Ctx, input: RegisterInput) {
  if ((await readOption(ctx.db, 'register_open')) === '0') throw new ApiError(10101, 'user.registerClosed');
  const username = input.username.trim();
  if (!isValidUsername(username)) throw new ApiError(10101, 'user.usernameRule');
  await checkPasswordPolicy(ctx, input.password);
  if (input.password !== input.confirm_password) throw new ApiError(10101, 'user.passwordMismatch');
  await consumeCaptcha(ctx, input.captcha_id, input.captcha);

  const key = usernameKey(username);
  const existing = await ctx.db.selectFrom('user').select('uid').where('username_key', '=', key).executeTakeFirst();
  if (existing) throw new ApiError(10201);

  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  // The first account on an empty site runs it: there is no default administrator. Registrations take
  // turns here, or several arriving at once would each count no administrator.
  const user = await withNamedLock(ctx, 'folio.register.first-admin', async (trx) => {
    const admins = await trx.selectFrom('user').select((eb) => eb.fn.countAll<number>().as('n')).where('groupid', '=', 1).executeTakeFirstOrThrow();
    return trx
      .insertInto('user')
      .values({
        username,
        username_key: key,
        groupid: Number(admins.n) === 0 ? 1 : 2,
        email: looksLikeEmail(username) ? username.toLowerCase() : '',
        password: passwordHash,
        reg_time: now,
        last_login_time: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw new ApiError(10201);
    throw err;
  });
  await giveSampleProjects(ctx, user);
  return startSession(ctx, user);
}

export interface LoginInput {
  username: string;
  password: string;
  captcha: string;
  captcha_id: string;
}

/**
 * `user/login`: every attempt, refused or not, goes into the administrator's login log with why it was
 * refused. A disabled account is told so (10107) only once its password proved right, so the answer
 * reveals nothing to someone guessing.
 */
export async function login(ctx: Ctx, input: LoginInput) {
  const attempt: LoginAttempt = { uid: 0, username: input.username.trim(), ip: ctx.ip, userAgent: ctx.userAgent ?? '', reason: '' };
  let result: Awaited<ReturnType<typeof passwordLogin>>;
  try {
    result = await passwordLogin(ctx, input, attempt);
  } catch (err) {
    // The refusal is the answer even if the log cannot be written.
    await logRefusal(ctx, attempt, err).catch(() => undefined);
    throw err;
  }
  await recordLoginAttempt(ctx, attempt);
  return result;
}

async function logRefusal(ctx: Ctx, attempt: LoginAttempt, err: unknown): Promise<void> {
  const reason = refusalOf(err, attempt.uid);
  let uid = attempt.uid;
  // Refused before the account was looked up (captcha, lock, …): the log still names it when it exists.
  if (uid === 0 && reason !== 'no_account' && attempt.username !== '') uid = (await findByLogin(ctx, usernameKey(attempt.username)))?.uid ?? 0;
  await recordLoginAttempt(ctx, { ...attempt, uid, reason });
}

async function passwordLogin(ctx: Ctx, input: LoginInput, attempt: LoginAttempt) {
  const username = input.username.trim();
  if (!username || !input.password) throw new ApiError(10101, 'user.credentialsMissing');
  await consumeCaptcha(ctx, input.captcha_id, input.captcha);

  const key = usernameKey(username);
  const rules = passwordRules('login', key, ctx.ip);
  await reserveAttempt(ctx, rules);

  const user = await findByLogin(ctx, key);
  // With LDAP on, names Folio does not hold locally and accounts made for directory users go to the directory.
  const ldap = await activeLdapForm(ctx.db);
  if (ldap && (!user || user.is_sso)) {
    if (user) attempt.uid = user.uid;
    const account = await directoryLogin(ctx, ldap, username, input.password);
    attempt.uid = account.uid;
    await clearAttempts(ctx, rules);
    if (account.is_disabled) throw new ApiError(10107);
    return startSession(ctx, account);
  }
  if (!user) {
    await burnPasswordCheck(input.password);
    throw new ApiError(10210);
  }
  attempt.uid = user.uid;
  const check = await verifyPassword(user.password, user.salt, input.password);
  if (!check.ok) {
    if (ldap) await explainLocalConflict(ctx, ldap, username, input.password);
    throw new ApiError(10210);
  }
  await clearAttempts(ctx, rules);
  if (user.is_disabled) throw new ApiError(10107);

  const now = ctx.clock.now();
  const upgrade = check.needsRehash ? { password: await hashPassword(input.password), salt: '' } : {};
  await ctx.db.updateTable('user').set({ last_login_time: now, ...upgrade }).where('uid', '=', user.uid).execute();
  return startSession(ctx, user);
}

function refusalOf(err: unknown, uid: number): LoginRefusal {
  if (!(err instanceof ApiError)) return 'error';
  switch (err.code) {
    case 10101:
      return 'missing';
    case 10206:
      return 'captcha';
    case 10204:
      return 'locked';
    case 10107:
      return 'disabled';
    case 10210:
      return uid > 0 ? 'password' : 'no_account';
    default:
      return 'error';
  }
}

/** The browser's token-login screen: turns a token from a link into the HttpOnly cookie. */
export async function loginByUserToken(ctx: Ctx, token: string) {
  const session = await findSession(ctx, token);
  if (!session) throw new ApiError(10102);
  const row = await ctx.db.selectFrom('user_token').select('token_expire').where('id', '=', session.tokenId).executeTakeFirstOrThrow();
  ctx.loginCookie.set(token, Math.max(0, row.token_expire - ctx.clock.now()));
  const user = await ctx.db.selectFrom('user').selectAll().where('uid', '=', session.uid).executeTakeFirstOrThrow();
  return presentLogin(user, token);
}

export async function info(ctx: AuthedCtx) {
  const user = await ctx.db.selectFrom('user').selectAll().where('uid', '=', ctx.user.uid).executeTakeFirstOrThrow();
  return presentUserInfo(user);
}

export async function updateInfo(ctx: AuthedCtx, name: string): Promise<[]> {
  await ctx.db.updateTable('user').set({ name: name.trim() }).where('uid', '=', ctx.user.uid).execute();
  return [];
}

export async function resetPassword(ctx: AuthedCtx, current: string, next: string): Promise<[]> {
  await checkPasswordPolicy(ctx, next);
  const rules = passwordRules('login', usernameKey(ctx.user.username), ctx.ip);
  await reserveAttempt(ctx, rules);
  const user = await ctx.db.selectFrom('user').selectAll().where('uid', '=', ctx.user.uid).executeTakeFirstOrThrow();
  const check = await verifyPassword(user.password, user.salt, current);
  if (!check.ok) throw new ApiError(10101, 'user.oldPasswordWrong');
  await clearAttempts(ctx, rules);
  await ctx.db.updateTable('user').set({ password: await hashPassword(next), salt: '' }).where('uid', '=', user.uid).execute();
  // Anyone else holding a session of this account is signed out; the person changing it stays in.
  await revokeTokens(ctx.db, user.uid, ctx.user.tokenId);
  return [];
}

/** Like ShowDoc, logging out ends every session of the account. */
export async function logout(ctx: Ctx): Promise<[]> {
  if (ctx.user) await revokeTokens(ctx.db, ctx.user.uid);
  ctx.loginCookie.clear();
  return [];
}

const USER_LOOKUP_LIMIT = 20;

/**
 * Member pickers, as the caller types: the people they already know (knownPeople: sharing a project or
 * a team; everyone for a site administrator) whose username starts with what was typed, plus the one
 * account named exactly, so a colleague not met yet can still be added by their full username. Never
 * the site's accounts by prefix: an ordinary user could list them all, a letter at a time. With
 * nothing typed (ShowDoc's picker loads the list once and filters it itself), the people the caller knows.
 */
export async function findUsers(ctx: AuthedCtx, prefix: string) {
  const key = usernameKey(prefix.trim());
  if (!key) return knownPeople(ctx);
  const known = await knownPeopleQuery(ctx)
    .where(sql<boolean>`username_key like ${escapeLike(key) + '%'} escape '\\'`)
    .orderBy('username_key')
    .limit(USER_LOOKUP_LIMIT)
    .execute();
  if (known.some((person) => usernameKey(person.username) === key)) return known;
  const exact = await ctx.db.selectFrom('user').select(['uid', 'username', 'name']).where('username_key', '=', key).executeTakeFirst();
  return exact ? [exact, ...known].slice(0, USER_LOOKUP_LIMIT) : known;
}

async function findByLogin(ctx: Ctx, key: string): Promise<User | undefined> {
  const byName = await ctx.db.selectFrom('user').selectAll().where('username_key', '=', key).executeTakeFirst();
  if (byName || !key.includes('@')) return byName;
  return ctx.db.selectFrom('user').selectAll().where('email', '=', key).orderBy('uid').executeTakeFirst();
}

async function startSession(ctx: Ctx, user: User) {
  const { token, expiresIn } = await issueToken(ctx, user.uid, ctx.ip);
  ctx.loginCookie.set(token, expiresIn);
  return presentLogin(user, token);
}
