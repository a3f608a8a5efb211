import crypto from 'node:crypto';
import type { Clock } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time.js';
import { isSiteAdmin, ORDINARY_GROUP, SITE_ADMIN_GROUP } from '../user/groups.js';
import { hashPassword } from '../user/password.js';
import { checkPasswordPolicy } from '../user/password-policy.js';
import { isValidUsername, looksLikeEmail, usernameKey } from '../user/username.js';
import { otherActiveAdmins, withAccountsLocked, type AccountStore } from './user-admins.js';
import { setAccountPassword } from './user-password.js';
import { changeDisabled, changeGroup } from './user-status.js';

/**
 * `folio user …`: account management for an operator locked out of the web console. The same rules as
 * the console (password rules, the last administrator) through the same functions; create-admin's pattern
 * for passwords (standard input, or a random one printed once).
 */

export const USER_USAGE = `  user list                      list the accounts
  user add <username>            create an ordinary account; password from standard input, or a printed random one
  user passwd <username>         set a password read from standard input; ends the account's sessions
  user disable <username>        the account can no longer log in; its sessions end
  user enable <username>         undo disable
  user promote <username>        make the account an administrator
  user demote <username>         make an administrator an ordinary account (never the last one)
`;

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

export interface UserCliEnv {
  store: AccountStore;
  clock: Clock;
  timeZone: string;
  io: CliOutput;
}

/** Subcommands that read a password from standard input. */
export function userCommandReadsStdin(args: readonly string[]): boolean {
  return args[0] === 'add' || args[0] === 'passwd';
}

/** Runs `folio user <args>`; the exit code: 0 done, 1 refused, 2 usage. */
export async function runUserCommand(env: UserCliEnv, args: readonly string[], stdinPassword: string | null): Promise<number> {
  const [sub, username] = args;
  if (sub === 'list' && args.length === 1) return listAccounts(env);
  if (!sub || !username || args.length !== 2 || !['add', 'passwd', 'disable', 'enable', 'promote', 'demote'].includes(sub)) {
    env.io.err(`Usage:\n${USER_USAGE}`);
    return 2;
  }
  try {
    if (sub === 'add') return await addAccount(env, username, stdinPassword);
    const account = await findAccount(env, username);
    if (!account) {
      env.io.err(`No account named ${username}.`);
      return 1;
    }
    switch (sub) {
      case 'passwd':
        if (stdinPassword === null) {
          env.io.err('Give the new password on standard input, e.g. `echo "$NEW_PASSWORD" | folio user passwd <username>`.');
          return 2;
        }
        await setAccountPassword({ db: env.store.db, lang: 'en' }, account.uid, stdinPassword);
        env.io.out(`Password of ${account.username} changed; its sessions have ended.`);
        return 0;
      case 'disable':
        await changeDisabled(env.store, account.uid, 1, null);
        env.io.out(`${account.username} is disabled.`);
        return 0;
      case 'enable':
        await changeDisabled(env.store, account.uid, 0, null);
        env.io.out(`${account.username} is enabled.`);
        return 0;
      case 'promote':
        await changeGroup(env.store, account.uid, SITE_ADMIN_GROUP);
        env.io.out(`${account.username} is now an administrator.`);
        return 0;
      default:
        await changeGroup(env.store, account.uid, ORDINARY_GROUP);
        env.io.out(`${account.username} is now an ordinary account.`);
        return 0;
    }
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    env.io.err(err.textIn('en'));
    return 1;
  }
}

async function listAccounts(env: UserCliEnv): Promise<number> {
  const rows = await env.store.db
    .selectFrom('user')
    .select(['uid', 'username', 'name', 'email', 'groupid', 'is_disabled', 'last_login_time'])
    .orderBy('uid')
    .execute();
  env.io.out(['uid', 'username', 'role', 'status', 'last login', 'name', 'email'].join('\t'));
  for (const row of rows) {
    const role = isSiteAdmin(row) ? 'admin' : 'user';
    const status = row.is_disabled ? 'disabled' : 'active';
    env.io.out([row.uid, row.username, role, status, formatTime(row.last_login_time, env.timeZone) || '-', row.name, row.email].join('\t'));
  }
  // No account has uid 0: this counts every active administrator.
  const admins = await otherActiveAdmins(env.store.db, 0);
  env.io.out(`${rows.length} account(s), ${admins} active administrator(s).`);
  return 0;
}

async function addAccount(env: UserCliEnv, rawUsername: string, suppliedPassword: string | null): Promise<number> {
  const username = rawUsername.trim();
  if (!isValidUsername(username)) throw new ApiError(10101, 'user.usernameRule');
  const password = suppliedPassword ?? randomPassword();
  await checkPasswordPolicy({ db: env.store.db, lang: 'en' }, password);
  const key = usernameKey(username);
  const passwordHash = await hashPassword(password);
  const created = await withAccountsLocked(env.store, async (trx) => {
    const existing = await trx.selectFrom('user').select('uid').where('username_key', '=', key).executeTakeFirst();
    if (existing) return false;
    await trx
      .insertInto('user')
      .values({
        username,
        username_key: key,
        groupid: ORDINARY_GROUP,
        email: looksLikeEmail(username) ? username.toLowerCase() : '',
        password: passwordHash,
        reg_time: env.clock.now(),
      })
      .execute();
    return true;
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) return false;
    throw err;
  });
  if (!created) throw new ApiError(10201);
  env.io.out(`Created ${username}.`);
  if (suppliedPassword === null) env.io.out(`Password (shown once, change it after logging in): ${password}`);
  return 0;
}

/** 96 random bits, with a fixed tail so it also passes the strong-password rule when the site turns it on. */
function randomPassword(): string {
  return `${crypto.randomBytes(12).toString('base64url')}-Aa1`;
}

function findAccount(env: UserCliEnv, username: string) {
  return env.store.db.selectFrom('user').select(['uid', 'username']).where('username_key', '=', usernameKey(username.trim())).executeTakeFirst();
}
