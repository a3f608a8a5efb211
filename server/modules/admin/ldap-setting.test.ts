import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { freePort, skipLdapTests, startLdapServer, type LdapServer } from '../../test/ldap-server.js';
import { forgetCachedOptions, readOption } from '../common/options.js';

/**
 * `adminSetting/loadLdapConfig|saveLdapConfig|testLdapConfig`: administrators only, the bind password
 * never goes back to the browser, every field is checked, and the test says which step failed.
 */

const skip = skipLdapTests();
let t: TestApp;
let ldap: LdapServer;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  if (skip) return;
  ldap = await startLdapServer();
  t = await startTestApp();
  admin = await registerUser(t, { username: 'site_admin' });
  member = await registerUser(t, { username: 'plain_member' });
});
afterAll(async () => {
  await t?.close();
  await ldap?.stop();
});

const as = (user: TestUser | null, lang?: string) => ({ ...(user ? { token: user.token } : {}), json: true, ...(lang ? { headers: { 'accept-language': lang } } : {}) });
const save = (params: Record<string, unknown>, user: TestUser | null = admin) => t.call('adminSetting/saveLdapConfig', params, as(user));
const load = (user: TestUser | null = admin) => t.call('adminSetting/loadLdapConfig', {}, as(user));
const probe = (form: Record<string, unknown>, test_username = '', lang?: string) => t.call('adminSetting/testLdapConfig', { ldap_form: form, test_username }, as(admin, lang));

describe.skipIf(skip)('LDAP settings', () => {
  beforeEach(async () => {
    await t.database.db.deleteFrom('options').execute();
    forgetCachedOptions(t.database.db);
  });

  it('answers ShowDoc’s defaults before anything is saved', async () => {
    const res = await load();
    expect(res.error_code).toBe(0);
    expect(res.data).toEqual({
      ldap_open: 0,
      ldap_form: {
        host: '',
        port: 389,
        version: 3,
        security: 'none',
        ca_pem: '',
        base_dn: '',
        bind_dn: '',
        bind_password: '',
        bind_password_set: 0,
        search_filter: '(cn=*)',
        user_field: 'cn',
        name_field: '',
        mail_field: 'mail',
      },
    });
  });

  it('stores the form, never answers the bind password, and keeps it when saved empty', async () => {
    expect((await save({ ldap_open: 1, ldap_form: ldap.form() })).error_code).toBe(0);
    const loaded = (await load()).data as { ldap_open: number; ldap_form: Record<string, unknown> };
    expect(loaded.ldap_open).toBe(1);
    expect(loaded.ldap_form).toMatchObject({ host: '127.0.0.1', bind_password: '', bind_password_set: 1, user_field: 'uid' });
    expect(JSON.stringify((await load()).data)).not.toContain('reader-secret');

    expect((await save({ ldap_open: 1, ldap_form: { ...ldap.form(), bind_password: '', name_field: 'displayName' } })).error_code).toBe(0);
    const stored = JSON.parse((await readOption(t.database.db, 'ldap_form')) ?? '{}') as Record<string, unknown>;
    expect(stored).toMatchObject({ bind_password: 'reader-secret', name_field: 'displayName' });
  });

  it('accepts ShowDoc’s form post with ldap_form as JSON text, and reads port 636 as LDAPS', async () => {
    const form = JSON.stringify({ host: 'ldap.example.com', port: '636', version: '3', base_dn: 'dc=example,dc=com', bind_dn: '', bind_password: '', user_field: 'uid', search_filter: '(cn=*)' });
    expect((await t.call('adminSetting/saveLdapConfig', { ldap_open: '1', ldap_form: form }, { token: admin.token })).error_code).toBe(0);
    const loaded = (await load()).data as { ldap_form: Record<string, unknown> };
    expect(loaded.ldap_form).toMatchObject({ host: 'ldap.example.com', port: 636, security: 'ldaps' });
  });

  it('refuses bad values, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ host: 'ldap://x' }, 'host'],
      [{ port: 70000 }, 'port'],
      [{ port: 'abc' }, 'port'],
      [{ version: 4 }, 'version'],
      [{ security: 'tls-off' }, 'security'],
      [{ user_field: 'uid)(x' }, 'user_field'],
      [{ search_filter: 'uid=%s)(' }, 'user filter'],
      [{ ca_pem: 'not a certificate' }, 'CA'],
    ];
    for (const [field, words] of cases) {
      const res = await save({ ldap_open: 0, ldap_form: { ...ldap.form(), ...field } });
      expect(res.error_code, JSON.stringify(field)).not.toBe(0);
      expect(res.error_message, JSON.stringify(field)).toContain(words);
    }
    expect((await save({ ldap_open: 1, ldap_form: { host: '' } })).error_message).toContain('before turning LDAP on');
    expect((await save({ ldap_open: 0, ldap_form: { host: 'h'.repeat(300) } })).error_code).not.toBe(0);
    expect((await save({ ldap_open: 0, ldap_form: ['x'] })).error_code).not.toBe(0);
    expect(await readOption(t.database.db, 'ldap_form')).toBeUndefined();
  });

  it('is for administrators only', async () => {
    for (const call of [
      (u: TestUser | null) => load(u),
      (u: TestUser | null) => save({ ldap_open: 0, ldap_form: ldap.form() }, u),
      (u: TestUser | null) => t.call('adminSetting/testLdapConfig', { ldap_form: ldap.form() }, as(u)),
    ]) {
      expect((await call(null)).error_code).toBe(10102);
      expect((await call(member)).error_code).toBe(10103);
    }
    expect(await readOption(t.database.db, 'ldap_form')).toBeUndefined();
  });
});

describe.skipIf(skip)('testing the connection', () => {
  it('binds and finds the test user, with the stored password when none is typed', async () => {
    const ok = await probe(ldap.form(), 'zhangsan');
    expect(ok.data).toMatchObject({ ok: 1, step: 'ok', username: 'zhangsan', name: '张三', dn: 'uid=zhangsan,ou=people,dc=folio,dc=test' });
    await save({ ldap_open: 0, ldap_form: ldap.form() });
    expect((await probe({ ...ldap.form(), bind_password: '' })).data).toMatchObject({ ok: 1, step: 'ok' });
    expect(await readOption(t.database.db, 'ldap_open')).toBe('0');
  });

  it('names the step that failed, in the caller’s language', async () => {
    const wrong = [
      [{ port: await freePort() }, 'connect'],
      [{ security: 'ldaps', port: ldap.tlsPort, ca_pem: ldap.otherCaPem }, 'tls'],
      [{ security: 'starttls', ca_pem: '' }, 'tls'],
      [{ bind_password: 'nope' }, 'bind'],
      [{ base_dn: 'ou=elsewhere,dc=folio,dc=test' }, 'search'],
    ] as const;
    for (const [field, step] of wrong) {
      const res = await probe({ ...ldap.form(), ...field }, 'alice');
      expect(res.data, step).toMatchObject({ ok: 0, step });
    }
    const missing = await probe(ldap.form(), 'nobody', 'zh-CN');
    expect(missing.data).toMatchObject({ ok: 0, step: 'no_match' });
    expect((missing.data as { message: string }).message).toContain('没有唯一匹配');
    expect(((await probe(ldap.form(), '*')).data as { step: string }).step).toBe('no_match');
    expect(((await probe({ ...ldap.form(), security: 'ldaps', port: ldap.tlsPort, ca_pem: ldap.caPem }, 'alice')).data as { ok: number }).ok).toBe(1);
  });
});
