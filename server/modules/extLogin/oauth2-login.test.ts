import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { loginAtProvider, startOidcProvider, type TestProvider } from '../../test/oidc-provider.js';
import { forgetCachedOptions, writeOptions } from '../common/options.js';

/**
 * extLogin/oauth2 against a real OpenID provider (oidc-provider) started here: the authorization code
 * flow with PKCE, state and nonce, accounts linked by (issuer, subject), and the attacks ShowDoc let
 * through (security.md §1 f, A18, A19).
 */

const REDIRECT_URI = 'http://folio.test/api/extLogin/oauth2';
const SHOWDOC_REDIRECT_URI = 'http://folio.test/server/?s=/api/extLogin/oauth2';

let t: TestApp;
let op: TestProvider;
let admin: TestUser;

beforeAll(async () => {
  op = await startOidcProvider([REDIRECT_URI, SHOWDOC_REDIRECT_URI]);
  t = await startTestApp();
  admin = await registerUser(t, { username: 'site_admin' });
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

async function configure(form: Record<string, string> = {}, open = '1'): Promise<void> {
  await writeOptions(t.database.db, {
    oauth2_open: open,
    oauth2_form: JSON.stringify({ client_id: op.clientId, client_secret: op.clientSecret, redirectUri: REDIRECT_URI, issuer: op.issuer, entrance_tips: 'Company account', ...form }),
  });
}

beforeEach(async () => {
  await t.database.db.deleteFrom('oauth_link').execute();
  await t.database.db.deleteFrom('oauth_login_state').execute();
  await t.database.db.deleteFrom('user').where('uid', '!=', admin.uid).execute();
  forgetCachedOptions(t.database.db);
  await configure();
});

const cookieOf = (setCookie: string | string[] | undefined, name: string): string | undefined => {
  const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const line of lines) {
    const m = new RegExp(`^${name}=([^;]*)`).exec(line);
    if (m) return m[1];
  }
  return undefined;
};

/** The browser pressing the login button: Folio's redirect to the provider and its short-lived cookie. */
async function start(redirect?: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/extLogin/oauth2${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}` });
  return { res, location: String(res.headers.location ?? ''), browser: cookieOf(res.headers['set-cookie'], 'folio_oauth') ?? '' };
}

/** The browser coming back to Folio from the provider with `callbackUrl`. */
function callback(callbackUrl: string, browser: string) {
  const u = new URL(callbackUrl);
  return t.app.inject({ method: 'GET', url: u.pathname + u.search, headers: browser ? { cookie: `folio_oauth=${browser}` } : {} });
}

async function fullLogin(login: string, redirect?: string) {
  const started = await start(redirect);
  const back = await loginAtProvider(started.location, login, 'http://folio.test/');
  return { started, back, res: await callback(back, started.browser) };
}

async function whoAmI(setCookie: string | string[] | undefined) {
  const token = cookieOf(setCookie, 'folio_token');
  if (!token) return null;
  const me = await t.call('user/info', {}, { token });
  return me.error_code === 0 ? (me.data as { username: string; uid: number; is_sso: number }) : null;
}

describe('the code flow', () => {
  it('sends the browser to the provider with PKCE, state and nonce, and keeps none of them in the URL back', async () => {
    const { res, location, browser } = await start('/item/index');
    expect(res.statusCode).toBe(302);
    const url = new URL(location);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(browser).toMatch(/^[0-9a-f]{64}$/);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/);
  });

  it('logs a provider user in, creating an SSO account on first login and finding it again by subject', async () => {
    const first = await fullLogin('alice', '/team/index');
    expect(first.res.statusCode).toBe(302);
    expect(first.res.headers.location).toBe('/team/index');
    const me = await whoAmI(first.res.headers['set-cookie']);
    expect(me).toMatchObject({ username: 'alice', is_sso: 1 });
    const link = await t.database.db.selectFrom('oauth_link').selectAll().executeTakeFirstOrThrow();
    expect(link).toMatchObject({ issuer: op.issuer, subject: 'sub-alice-0001', uid: me?.uid });

    // Renamed at the provider: still the same account, found by subject.
    op.accounts.get('alice')!.preferred_username = 'alice-renamed';
    const again = await fullLogin('alice').finally(() => (op.accounts.get('alice')!.preferred_username = 'alice'));
    expect(again.res.headers.location).toBe('/item/index');
    expect((await whoAmI(again.res.headers['set-cookie']))?.uid).toBe(me?.uid);
    expect(await t.database.db.selectFrom('user').select('uid').where('is_sso', '=', 1).execute()).toHaveLength(1);
  });

  it('A19 · never takes over a local account of the same name, not even the administrator', async () => {
    await t.database.db.updateTable('user').set({ username: 'bob', username_key: 'bob' }).where('uid', '=', admin.uid).execute();
    try {
      const { res } = await fullLogin('bob');
      const me = await whoAmI(res.headers['set-cookie']);
      expect(me?.uid).not.toBe(admin.uid);
      expect(me?.username).toBe('bob-2');
    } finally {
      await t.database.db.updateTable('user').set({ username: 'site_admin', username_key: 'site_admin' }).where('uid', '=', admin.uid).execute();
    }
  });

  it('drops a redirect that leaves the site', async () => {
    for (const target of ['//evil.example', 'https://evil.example/', '/\\evil.example']) {
      const { res } = await fullLogin('alice', target);
      expect(res.headers.location).toBe('/item/index');
    }
  });

  it("answers ShowDoc's redirect URI form (/server/?s=/api/extLogin/oauth2)", async () => {
    await configure({ redirectUri: SHOWDOC_REDIRECT_URI });
    const started = await start();
    const back = await loginAtProvider(started.location, 'alice', 'http://folio.test/');
    expect(back.startsWith('http://folio.test/server/?s=')).toBe(true);
    const res = await callback(back, started.browser);
    expect(res.statusCode).toBe(302);
    expect((await whoAmI(res.headers['set-cookie']))?.username).toBe('alice');
  });

  it('works with a plain OAuth2 provider (endpoints by hand, username from a named userinfo field)', async () => {
    const meta = (await (await fetch(`${op.issuer}/.well-known/openid-configuration`)).json()) as Record<string, string>;
    await configure({
      issuer: '',
      authorize_url: meta.authorization_endpoint!,
      token_url: meta.token_endpoint!,
      userinfo_url: meta.userinfo_endpoint!,
      scope: 'openid profile email',
      username_field: 'email',
    });
    const { res, started } = await fullLogin('bob');
    expect(new URL(started.location).searchParams.get('nonce')).toBeNull();
    expect(res.statusCode).toBe(302);
    expect(await whoAmI(res.headers['set-cookie'])).toMatchObject({ username: 'bob', is_sso: 1 });
    const link = await t.database.db.selectFrom('oauth_link').selectAll().executeTakeFirstOrThrow();
    expect(link).toMatchObject({ issuer: `oauth2:${meta.token_endpoint}`, subject: 'sub-bob-0002' });
  });

  it('refuses a disabled Folio account', async () => {
    const { res } = await fullLogin('alice');
    const me = await whoAmI(res.headers['set-cookie']);
    await t.database.db.updateTable('user').set({ is_disabled: 1 }).where('uid', '=', me!.uid).execute();
    const second = await fullLogin('alice');
    expect(second.res.json()).toMatchObject({ error_code: 10107 });
    expect(cookieOf(second.res.headers['set-cookie'], 'folio_token')).toBeUndefined();
  });
});

describe('attacks', () => {
  it('A18 · refuses a forged or missing state', async () => {
    const { back, started } = await (async () => {
      const s = await start();
      return { started: s, back: await loginAtProvider(s.location, 'alice', 'http://folio.test/') };
    })();
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-value');
    expect((await callback(forged.href, started.browser)).json()).toMatchObject({ error_code: 10101 });
    forged.searchParams.delete('state');
    expect((await callback(forged.href, started.browser)).json()).toMatchObject({ error_code: 10101 });
    expect(await t.database.db.selectFrom('oauth_link').selectAll().execute()).toHaveLength(0);
  });

  it("refuses a callback in another browser (someone else's code: login CSRF)", async () => {
    const started = await start();
    const back = await loginAtProvider(started.location, 'alice', 'http://folio.test/');
    const res = await callback(back, 'a'.repeat(64));
    expect(res.json()).toMatchObject({ error_code: 10101 });
    expect(cookieOf(res.headers['set-cookie'], 'folio_token')).toBeUndefined();
    // Without any cookie too.
    expect((await callback(back, '')).json()).toMatchObject({ error_code: 10101 });
  });

  it('refuses a replayed callback, and a replayed code under a fresh state', async () => {
    const { back, started, res } = await fullLogin('alice');
    expect(res.statusCode).toBe(302);
    expect((await callback(back, started.browser)).json()).toMatchObject({ error_code: 10101 });

    const fresh = await start();
    const freshState = new URL(fresh.location).searchParams.get('state')!;
    const replay = new URL(back);
    replay.searchParams.set('state', freshState);
    const replayed = await callback(replay.href, fresh.browser);
    expect(replayed.json()).toMatchObject({ error_code: 10101 });
    expect(cookieOf(replayed.headers['set-cookie'], 'folio_token')).toBeUndefined();
  });

  it('refuses an ID token whose nonce is not the one Folio sent', async () => {
    const started = await start();
    const back = await loginAtProvider(started.location, 'alice', 'http://folio.test/');
    await t.database.db.updateTable('oauth_login_state').set({ nonce: 'another-nonce' }).execute();
    const res = await callback(back, started.browser);
    expect(res.json()).toMatchObject({ error_code: 10101 });
    expect(String(res.json<{ error_message: string }>().error_message)).toMatch(/verified/);
    expect(cookieOf(res.headers['set-cookie'], 'folio_token')).toBeUndefined();
  });

  it('refuses a state that has expired', async () => {
    const started = await start();
    const back = await loginAtProvider(started.location, 'alice', 'http://folio.test/');
    t.clock.advance(601);
    expect((await callback(back, started.browser)).json()).toMatchObject({ error_code: 10101 });
  });
});

describe('errors', () => {
  it('says so clearly when the provider is down', async () => {
    const dead = http.createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((r) => dead.close(() => r()));
    await configure({ issuer: `http://127.0.0.1:${port}` });
    const res = await t.app.inject({ method: 'GET', url: '/api/extLogin/oauth2', headers: { 'accept-language': 'en' } });
    expect(res.json()).toMatchObject({ error_code: 10101, error_message: expect.stringMatching(/could not be reached/) });
  });

  it('A20 · refuses a token endpoint whose TLS certificate nobody vouches for (A20), and signs nobody in', async () => {
    // A self-signed certificate in front of the provider's token endpoint: with TLS checks off (as in
    // ShowDoc) the exchange would go through and log the person in.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-selfsigned-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=localhost'], { stdio: 'ignore' });
    const meta = (await (await fetch(`${op.issuer}/.well-known/openid-configuration`)).json()) as Record<string, string>;
    const tokenEndpoint = new URL(meta.token_endpoint!);
    let reached = 0;
    const forger = https.createServer({ key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) }, (req, res) => {
      reached += 1;
      // Passes the exchange on to the real provider, so only the certificate is wrong.
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const forward = http.request(tokenEndpoint, { method: 'POST', headers: { ...req.headers, host: tokenEndpoint.host } }, (answer) => {
          res.writeHead(answer.statusCode ?? 500, answer.headers);
          answer.pipe(res);
        });
        forward.end(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((r) => forger.listen(0, 'localhost', r));
    try {
      await configure({
        issuer: '',
        authorize_url: meta.authorization_endpoint!,
        token_url: `https://localhost:${(forger.address() as AddressInfo).port}/token`,
        userinfo_url: meta.userinfo_endpoint!,
        scope: 'openid profile email',
        username_field: 'email',
      });
      const started = await start();
      // A plain OAuth2 provider names no issuer in its answer.
      const back = new URL(await loginAtProvider(started.location, 'bob', 'http://folio.test/'));
      back.searchParams.delete('iss');
      const res = await callback(back.toString(), started.browser);
      expect(res.json()).toMatchObject({ error_code: 10101 });
      expect(cookieOf(res.headers['set-cookie'], 'folio_token')).toBeUndefined();
      expect(reached).toBe(0);
      expect(await t.database.db.selectFrom('oauth_link').selectAll().execute()).toHaveLength(0);
    } finally {
      await new Promise<void>((r) => forger.close(() => r()));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says so when the login is off, and does not start it', async () => {
    await configure({}, '0');
    const res = await t.app.inject({ method: 'GET', url: '/api/extLogin/oauth2', headers: { 'accept-language': 'en' } });
    expect(res.json()).toMatchObject({ error_code: 10101, error_message: expect.stringMatching(/not turned on/) });
    expect(await t.database.db.selectFrom('oauth_login_state').selectAll().execute()).toHaveLength(0);
  });

  it('sends a browser back to the login screen with the reason, not to a page of JSON', async () => {
    await configure({}, '0');
    const res = await t.app.inject({ method: 'GET', url: '/api/extLogin/oauth2', headers: { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/user/login?sso_error=oauth.closed');
    // A forged callback too: only the key of the message travels.
    await configure();
    const forged = await t.app.inject({ method: 'GET', url: '/api/extLogin/oauth2?code=x&state=forged', headers: { accept: 'text/html' } });
    expect(forged.headers.location).toBe('/user/login?sso_error=oauth.stateInvalid');
  });

  it('refuses a provider URL that would send secrets in clear', async () => {
    await configure({ issuer: 'http://idp.example.com' });
    expect((await t.app.inject({ method: 'GET', url: '/api/extLogin/oauth2' })).json()).toMatchObject({ error_code: 10101 });
  });

  it('reports the provider refusing the login (error=access_denied) after checking the state', async () => {
    const started = await start();
    const state = new URL(started.location).searchParams.get('state')!;
    const res = await callback(`http://folio.test/api/extLogin/oauth2?error=access_denied&state=${state}`, started.browser);
    expect(res.json()).toMatchObject({ error_code: 10101 });
  });

  it('refuses oversized input', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/extLogin/oauth2?state=${'x'.repeat(600)}&code=1` });
    expect(res.json()).toMatchObject({ error_code: 10100 });
  });
});

describe('user/oauthInfo', () => {
  it('shows the login page the switch and the entrance text, nothing secret, to anyone', async () => {
    const res = await t.call('user/oauthInfo', {}, { method: 'GET' });
    expect(res.data).toEqual({ oauth2_open: '1', oauth2_entrance_tips: 'Company account' });
    expect(res.response.body).not.toContain(op.clientSecret);
    expect(res.response.body).not.toContain(op.clientId);
  });

  it("answers ShowDoc's null while OAuth2 was never set up", async () => {
    await t.database.db.deleteFrom('options').execute();
    forgetCachedOptions(t.database.db);
    expect((await t.call('user/oauthInfo')).data).toEqual({ oauth2_open: null, oauth2_entrance_tips: '' });
  });
});
