import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { forgetCachedOptions, readOption, writeOption } from '../common/options.js';

/** adminSetting/loadOauth2Config and saveOauth2Config: admins only, the client secret never sent back, URLs checked. */

let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerUser(t, { username: 'site_admin' });
  member = await registerUser(t, { username: 'plain_member' });
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('options').execute();
  forgetCachedOptions(t.database.db);
});

const SECRET = 'client-secret-never-shown-9f8e7d';
const GOOD = { client_id: 'folio', client_secret: SECRET, issuer: 'https://sso.example.com/realms/acme', entrance_tips: '用公司账号登录' };

const save = (params: Record<string, unknown>, user: TestUser | null = admin) => t.call('adminSetting/saveOauth2Config', params, { json: true, ...(user ? { token: user.token } : {}), headers: { 'accept-language': 'en' } });
const load = (user: TestUser | null = admin) => t.call('adminSetting/loadOauth2Config', {}, user ? { token: user.token } : {});

describe('adminSetting/saveOauth2Config and loadOauth2Config', () => {
  it('saves the settings and loads them back without the client secret', async () => {
    expect((await save({ oauth2_open: true, oauth2_form: GOOD })).error_code).toBe(0);
    const res = await load();
    expect(res.data).toMatchObject({
      oauth2_open: '1',
      oauth2_form: { client_id: 'folio', issuer: GOOD.issuer, entrance_tips: '用公司账号登录', client_secret_set: true },
    });
    expect(res.response.body).not.toContain(SECRET);
    expect(JSON.parse((await readOption(t.database.db, 'oauth2_form')) ?? '{}')).toMatchObject({ client_secret: SECRET });
  });

  it('keeps the stored secret when the console saves without one', async () => {
    await save({ oauth2_open: true, oauth2_form: GOOD });
    expect((await save({ oauth2_open: true, oauth2_form: { ...GOOD, client_secret: '', entrance_tips: 'New text' } })).error_code).toBe(0);
    expect(JSON.parse((await readOption(t.database.db, 'oauth2_form')) ?? '{}')).toMatchObject({ client_secret: SECRET, entrance_tips: 'New text' });
  });

  it("accepts ShowDoc's form (JSON text with protocol, host and paths) and reads its URLs", async () => {
    const form = JSON.stringify({ client_id: 'sd', client_secret: 's', redirectUri: 'https://docs.example.com/server/?s=/api/extLogin/oauth2', protocol: 'https', host: 'git.example.com', authorize_path: '/oauth/authorize', token_path: '/oauth/token', userinfo_path: '/api/v4/user', entrance_tips: 'GitLab' });
    const res = await t.call('adminSetting/saveOauth2Config', { oauth2_open: '1', oauth2_form: form }, { token: admin.token });
    expect(res.error_code).toBe(0);
    expect((await load()).data).toMatchObject({ oauth2_form: { authorize_url: 'https://git.example.com/oauth/authorize', token_url: 'https://git.example.com/oauth/token', userinfo_url: 'https://git.example.com/api/v4/user' } });
  });

  it('reads a form imported from ShowDoc as data', async () => {
    await writeOption(t.database.db, 'oauth2_open', '1');
    await writeOption(t.database.db, 'oauth2_form', JSON.stringify({ client_id: 'x', client_secret: SECRET, protocol: 'https', host: 'idp.example.com', authorize_path: '/a', token_path: '/t', userinfo_path: '/u' }));
    const res = await load();
    expect(res.data).toMatchObject({ oauth2_open: '1', oauth2_form: { token_url: 'https://idp.example.com/t', client_secret_set: true } });
    expect(res.response.body).not.toContain(SECRET);
  });

  it('refuses provider URLs that are not https (http only on this machine), and odd schemes', async () => {
    for (const issuer of ['http://sso.example.com', 'ftp://sso.example.com', 'javascript:alert(1)', 'https://user:pw@sso.example.com', 'not a url']) {
      const res = await save({ oauth2_open: true, oauth2_form: { ...GOOD, issuer } });
      expect(res).toMatchObject({ error_code: 10101, error_message: expect.stringMatching(/issuer/) });
    }
    expect((await save({ oauth2_open: true, oauth2_form: { ...GOOD, issuer: 'http://127.0.0.1:8080' } })).error_code).toBe(0);
    expect((await save({ oauth2_open: true, oauth2_form: { ...GOOD, redirectUri: 'javascript:alert(1)' } })).error_code).toBe(10101);
  });

  it('refuses to open an incomplete setup, but saves a closed draft', async () => {
    expect((await save({ oauth2_open: true, oauth2_form: { client_id: 'x' } })).error_code).toBe(10101);
    expect((await save({ oauth2_open: true, oauth2_form: { ...GOOD, client_id: '' } })).error_code).toBe(10101);
    expect((await save({ oauth2_open: false, oauth2_form: { client_id: 'x' } })).error_code).toBe(0);
    expect((await load()).data).toMatchObject({ oauth2_open: '0' });
  });

  it('refuses wrong types and huge values', async () => {
    expect((await save({ oauth2_open: true, oauth2_form: { ...GOOD, client_id: ['a'] } })).error_code).toBe(10100);
    expect((await save({ oauth2_open: true, oauth2_form: { ...GOOD, entrance_tips: 'x'.repeat(201) } })).error_code).toBe(10100);
    expect((await save({ oauth2_open: true, oauth2_form: 42 })).error_code).toBe(10100);
  });

  it('is for administrators only', async () => {
    expect((await save({ oauth2_open: true, oauth2_form: GOOD }, null)).error_code).toBe(10102);
    expect((await load(null)).error_code).toBe(10102);
    expect((await save({ oauth2_open: true, oauth2_form: GOOD }, member)).error_code).toBe(10103);
    expect((await load(member)).error_code).toBe(10103);
    expect(await readOption(t.database.db, 'oauth2_form')).toBeUndefined();
  });
});
