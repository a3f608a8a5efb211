import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider with its development login form) on a free local port, for the
 * OAuth2 login tests. Any password is accepted at its form: the account is picked by the login name.
 */
export interface TestAccount {
  sub: string;
  preferred_username: string;
  name?: string;
  email?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  close(): Promise<void>;
}

export const DEFAULT_ACCOUNTS: TestAccount[] = [
  { sub: 'sub-alice-0001', preferred_username: 'alice', name: 'Alice Liddell', email: 'alice@example.com' },
  { sub: 'sub-bob-0002', preferred_username: 'bob', name: 'Bob Builder', email: 'bob@example.com' },
];

// Accounts of every provider started, so the login form can be filled in by username.
const accountIds = new Map<string, string>();

export async function startOidcProvider(redirectUris: string[], accounts: TestAccount[] = DEFAULT_ACCOUNTS): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const byLogin = new Map(accounts.map((a) => [a.preferred_username, a]));
  for (const a of accounts) accountIds.set(a.preferred_username, a.sub);
  const bySub = new Map(accounts.map((a) => [a.sub, a]));
  const clientId = 'folio-test';
  const clientSecret = 'folio-test-secret-value-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email'] },
    // The dev login form posts the account id, which is the account's `sub` (loginAtProvider sends it).
    findAccount: (_ctx, id) => {
      const account = bySub.get(id);
      if (!account) return undefined;
      return { accountId: account.sub, claims: () => ({ ...account }) };
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['folio-test-cookie-key-0123456789'] },
    // Keep its logs quiet; refresh tokens are not used.
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
  });
  provider.on('server_error', (_ctx: unknown, err: Error) => { if (process.env.OIDC_DEBUG) console.error(err); });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts: byLogin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Cookies of one site, as a browser keeps them (name → value; no paths, one host). */
export class CookieJar {
  private cookies = new Map<string, string>();
  take(setCookie: string[] | string | undefined): void {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Plays the person at the provider: from the authorize URL, through the login form (and the consent
 * form), to the redirect back to Folio, whose URL (with `code`, `state`, `iss`) it returns.
 */
export async function loginAtProvider(authorizeUrl: string, login: string, redirectPrefix: string): Promise<string> {
  const jar = new CookieJar();
  let url = authorizeUrl;
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, { method, body, redirect: 'manual', headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) } });
    jar.take(res.headers.getSetCookie());
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(redirectPrefix)) return next;
      url = next;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
    if (!form?.[1]) throw new Error(`The provider answered ${res.status} without a form: ${html.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const input of (form[2] ?? '').matchAll(/<input([^>]*)>/gi)) {
      const attrs = input[1] ?? '';
      const name = /name="([^"]+)"/.exec(attrs)?.[1];
      if (name) fields.set(name, /value="([^"]*)"/.exec(attrs)?.[1] ?? '');
    }
    if (fields.has('login')) fields.set('login', accountIds.get(login) ?? login);
    if (fields.has('password')) fields.set('password', 'any-password');
    url = new URL(form[1].replace(/&amp;/g, '&'), url).href;
    method = 'POST';
    body = fields;
  }
  throw new Error('The provider never sent the browser back');
}
