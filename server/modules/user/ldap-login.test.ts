import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { skipLdapTests, startLdapServer, freePort, type LdapServer } from '../../test/ldap-server.js';
import { writeOptions } from '../common/options.js';
import { usernameKey } from './username.js';

/**
 * Login through LDAP (issue 20) against a real slapd: directory users get an SSO account on first
 * login; local accounts are never reached through the directory; the directory's "no" is the usual
 * wrong-credentials answer, and a directory that cannot be reached lets nobody in.
 */

const skip = skipLdapTests();
let t: TestApp;
let ldap: LdapServer;
let admin: TestUser;
let address = 0;

beforeAll(async () => {
  if (skip) return;
  ldap = await startLdapServer();
  t = await startTestApp();
  admin = await registerUser(t, { username: 'site_admin' });
});
afterAll(async () => {
  await t?.close();
  await ldap?.stop();
});

async function useDirectory(overrides: Record<string, string | number> = {}, open = true): Promise<void> {
  await writeOptions(t.database.db, { ldap_open: open ? '1' : '0', ldap_form: JSON.stringify(ldap.form(overrides)) });
}

/** Each login comes from its own address so one test's failures never lock another's. */
async function login(username: string, password: string, lang?: string) {
  address += 1;
  return t.call(
    'user/loginByVerify',
    { username, password, ...(await t.solveCaptcha()) },
    { remoteAddress: `10.20.${Math.floor(address / 250)}.${address % 250}`, ...(lang ? { headers: { 'accept-language': lang } } : {}) },
  );
}

const account = (username: string) => t.database.db.selectFrom('user').selectAll().where('username_key', '=', usernameKey(username)).executeTakeFirst();

async function dropAccount(username: string): Promise<void> {
  const row = await account(username);
  if (!row) return;
  await t.database.db.deleteFrom('user_token').where('uid', '=', row.uid).execute();
  await t.database.db.deleteFrom('user').where('uid', '=', row.uid).execute();
}

describe.skipIf(skip)('login through LDAP', () => {
  beforeEach(async () => {
    await useDirectory();
    await t.database.db.deleteFrom('login_throttle').execute();
  });

  it('creates an SSO account with the directory’s name and e-mail on first login, and reuses it after', async () => {
    await dropAccount('alice');
    const first = await login('alice', 'alice-secret');
    expect(first.error_code).toBe(0);
    const data = first.data as { uid: number; username: string; name: string; email: string; user_token: string };
    expect(data).toMatchObject({ username: 'alice', name: 'Alice Liddell', email: 'alice@example.com', groupid: 2 });
    const row = await account('alice');
    expect(row).toMatchObject({ uid: data.uid, is_sso: 1, password: '' });

    const second = await login('ALICE', 'alice-secret');
    expect(second.error_code).toBe(0);
    expect((second.data as { uid: number }).uid).toBe(data.uid);
    const count = await t.database.db.selectFrom('user').select((eb) => eb.fn.countAll<number>().as('n')).where('username_key', '=', 'alice').executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    // The token works like any login's.
    expect((await t.call('user/info', {}, { token: data.user_token })).error_code).toBe(0);
  });

  it('signs in a user with a Chinese name and a user whose name has a dot', async () => {
    const zh = await login('zhangsan', '张三的密码');
    expect(zh.error_code).toBe(0);
    expect((zh.data as { name: string }).name).toBe('张三');
    const dotted = await login('john.smith', 'john-secret');
    expect(dotted.error_code).toBe(0);
    expect((dotted.data as { username: string }).username).toBe('john.smith');
  });

  it('answers a wrong password, an unknown user and a disabled directory account with 10210, and counts them', async () => {
    await dropAccount('nobody_here');
    expect((await login('alice', 'wrong-password')).error_code).toBe(10210);
    expect((await login('nobody_here', 'whatever-1')).error_code).toBe(10210);
    expect((await login('carol', 'anything-1')).error_code).toBe(10210);
    expect(await account('nobody_here')).toBeUndefined();
    expect(await account('carol')).toBeUndefined();
    const counted = await t.database.db.selectFrom('login_throttle').select('throttle_key').where('throttle_key', 'like', 'login:subject:%').execute();
    expect(counted.map((r) => r.throttle_key).sort()).toEqual(['login:subject:alice', 'login:subject:carol', 'login:subject:nobody_here']);
  });

  it('locks out repeated wrong directory passwords like local ones', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push((await t.call('user/loginByVerify', { username: 'alice', password: `guess-${i}`, ...(await t.solveCaptcha()) }, { remoteAddress: '10.99.0.1' })).error_code);
    }
    expect(codes.slice(0, 5)).toEqual([10210, 10210, 10210, 10210, 10210]);
    expect(codes[5]).toBe(10204);
    const right = await t.call('user/loginByVerify', { username: 'alice', password: 'alice-secret', ...(await t.solveCaptcha()) }, { remoteAddress: '10.99.0.1' });
    expect(right.error_code).toBe(10204);
  });

  it('A11 · refuses an empty or blank password before any bind', async () => {
    expect((await login('alice', '')).error_code).toBe(10101);
    // Blank passwords would be unauthenticated binds, which slapd answers with success.
    expect((await login('alice', '   ')).error_code).toBe(10210);
  });

  it('A12 · finds nobody with a filter-injection username', async () => {
    for (const name of ['*', '*)(uid=*', '*)(uid=*))(|(uid=*', 'alice)(|(uid=*']) {
      const res = await login(name, 'alice-secret');
      expect(res.error_code).toBe(10210);
    }
    const made = await t.database.db.selectFrom('user').select('username').where('username', 'like', '%*%').execute();
    expect(made).toEqual([]);
  });

  it('never takes over a local account with the same name, and says why to the directory user', async () => {
    await dropAccount('local_dup');
    const local = await registerUser(t, { username: 'local_dup', password: 'local-password-1' });
    const res = await login('local_dup', 'dup-secret');
    expect(res.error_code).toBe(10101);
    expect(res.error_message).toContain('not linked to the directory');
    const zh = await login('local_dup', 'dup-secret', 'zh-CN');
    expect(zh.error_message).toContain('未关联目录');
    // Someone guessing gets only the usual answer.
    expect((await login('local_dup', 'wrong-guess')).error_code).toBe(10210);
    expect(await account('local_dup')).toMatchObject({ uid: local.uid, is_sso: 0 });
    // The local password still opens the local account.
    const own = await login('local_dup', 'local-password-1');
    expect(own.error_code).toBe(0);
    expect((own.data as { uid: number }).uid).toBe(local.uid);
  });

  it('keeps local accounts on their local password while LDAP is on', async () => {
    expect((await login('site_admin', admin.password)).error_code).toBe(0);
    expect((await login('site_admin', 'alice-secret')).error_code).toBe(10210);
  });

  it('refuses a directory account an administrator disabled in Folio', async () => {
    await login('alice', 'alice-secret');
    await t.database.db.updateTable('user').set({ is_disabled: 1 }).where('username_key', '=', 'alice').execute();
    try {
      expect((await login('alice', 'alice-secret')).error_code).toBe(10107);
    } finally {
      await t.database.db.updateTable('user').set({ is_disabled: 0 }).where('username_key', '=', 'alice').execute();
    }
  });

  it('logs in over LDAPS and StartTLS with the custom CA', async () => {
    await useDirectory({ security: 'ldaps', port: ldap.tlsPort, ca_pem: ldap.caPem });
    expect((await login('alice', 'alice-secret')).error_code).toBe(0);
    await useDirectory({ security: 'starttls', ca_pem: ldap.caPem });
    expect((await login('alice', 'alice-secret')).error_code).toBe(0);
  });

  it('refuses a directory whose certificate is not trusted, and lets nobody in', async () => {
    await useDirectory({ security: 'ldaps', port: ldap.tlsPort, ca_pem: ldap.otherCaPem });
    const res = await login('alice', 'alice-secret');
    expect(res.error_code).toBe(10101);
    expect(res.error_message).toContain('cannot be reached');
    await useDirectory({ security: 'ldaps', port: ldap.tlsPort, ca_pem: '' });
    expect((await login('alice', 'alice-secret')).error_code).toBe(10101);
  });

  it('says the directory cannot be reached when it is down, wrong password or not', async () => {
    await useDirectory({ port: await freePort() });
    const res = await login('alice', 'alice-secret');
    expect(res.error_code).toBe(10101);
    expect(res.error_message).toContain('cannot be reached');
    expect((await login('alice', 'wrong')).error_code).toBe(10101);
    // A wrong service password is the same kind of failure, not the user's fault.
    await useDirectory({ bind_password: 'not-the-reader-password' });
    expect((await login('alice', 'alice-secret')).error_code).toBe(10101);
  });

  it('uses no directory when LDAP is off: a directory account has no local password to fall back on', async () => {
    expect((await login('zhangsan', '张三的密码')).error_code).toBe(0);
    await useDirectory({}, false);
    expect((await login('zhangsan', '张三的密码')).error_code).toBe(10210);
    expect((await login('zhangsan', '')).error_code).toBe(10101);
  });
});
