import crypto from 'node:crypto';
import * as oidc from 'openid-client';
import { isSafeRedirect } from '../../../common/redirect.js';
import type { Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { RawResponse } from '../../http/envelope.js';
import { issueToken } from '../user/tokens.js';
import { accountFor } from './oauth2-accounts.js';
import { identityOf } from './oauth2-identity.js';
import { providerFor, type Provider } from './oauth2-provider.js';
import { readSettings, redirectUriOf, type OAuth2Settings } from './oauth2-settings.js';
import type { OAuth2Callback } from './schema.js';

/** The browser's half of a login in progress; the server's half is the `oauth_login_state` row. */
export const OAUTH_COOKIE = 'folio_oauth';
/** How long a person has at the provider's login form. */
export const LOGIN_WINDOW_SECONDS = 600;
const DEFAULT_LANDING = '/item/index';

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

function browserCookie(ctx: Ctx, value: string, maxAge: number): string {
  return `${OAUTH_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${ctx.secure ? '; Secure' : ''}`;
}

function redirectTo(location: string, headers: Record<string, string> = {}): RawResponse {
  return new RawResponse('text/plain; charset=utf-8', '', { location, 'cache-control': 'no-store', ...headers }, 302);
}

async function openSettings(ctx: Ctx): Promise<{ settings: OAuth2Settings; redirectUri: string }> {
  const { open, settings, siteUrl } = await readSettings(ctx.db);
  if (!open) throw new ApiError(10101, 'oauth.closed');
  const redirectUri = redirectUriOf(settings, siteUrl);
  // Never built from the Host header, which a client chooses (security.md §1 i).
  if (!redirectUri) throw new ApiError(10101, 'oauth.notConfigured');
  return { settings, redirectUri };
}

/** Without `code`: remember state, nonce and PKCE verifier, then send the browser to the provider. */
export async function startOAuth2Login(ctx: Ctx, redirect: string | undefined): Promise<RawResponse> {
  const { settings, redirectUri } = await openSettings(ctx);
  const provider = await providerFor(settings);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const browser = crypto.randomBytes(32).toString('hex');
  const now = ctx.clock.now();
  await ctx.db.deleteFrom('oauth_login_state').where('expires_at', '<', now).execute();
  await ctx.db
    .insertInto('oauth_login_state')
    .values({
      state_hash: sha256(state),
      browser_hash: sha256(browser),
      code_verifier: verifier,
      nonce,
      redirect: redirect && isSafeRedirect(redirect) ? redirect : '',
      expires_at: now + LOGIN_WINDOW_SECONDS,
    })
    .execute();
  const params: Record<string, string> = {
    redirect_uri: redirectUri,
    scope: settings.scope || (provider.oidc ? 'openid profile email' : ''),
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  };
  if (provider.oidc) params.nonce = nonce;
  if (!params.scope) delete params.scope;
  const url = oidc.buildAuthorizationUrl(provider.config, params);
  return redirectTo(url.href, { 'set-cookie': browserCookie(ctx, browser, LOGIN_WINDOW_SECONDS) });
}

/** The login this callback belongs to, used up on the spot: a second use of a state or code finds nothing. */
async function takeLoginState(ctx: Ctx, state: string | undefined) {
  if (!state) throw new ApiError(10101, 'oauth.stateInvalid');
  const stateHash = sha256(state);
  const row = await ctx.db.selectFrom('oauth_login_state').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();
  if (!row) throw new ApiError(10101, 'oauth.stateInvalid');
  const deleted = await ctx.db.deleteFrom('oauth_login_state').where('state_hash', '=', stateHash).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw new ApiError(10101, 'oauth.stateInvalid');
  const browser = ctx.cookies?.[OAUTH_COOKIE] ?? '';
  const sameBrowser = crypto.timingSafeEqual(Buffer.from(sha256(browser)), Buffer.from(row.browser_hash));
  if (!sameBrowser || row.expires_at < ctx.clock.now()) throw new ApiError(10101, 'oauth.stateInvalid');
  return row;
}

/** A network failure (connection refused, timeout) tells the user the provider is down, not that they failed. */
function isNetworkFailure(err: unknown): boolean {
  const e = err as { name?: string; cause?: unknown; code?: string };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
  if (e.name === 'TypeError' && e.cause) return true;
  return e.cause !== undefined && e.cause !== err && isNetworkFailure(e.cause);
}

/**
 * openid-client sends as `redirect_uri` the callback URL without its query, but ShowDoc's registered URI
 * has one (`/server/?s=/api/extLogin/oauth2`): the token request gets the URI exactly as registered.
 */
function sendRegisteredRedirectUri(provider: Provider, redirectUri: string): void {
  if (!new URL(redirectUri).search) return;
  provider.config[oidc.customFetch] = (url, options) => {
    const body = options.body;
    if (body instanceof URLSearchParams && body.has('redirect_uri')) body.set('redirect_uri', redirectUri);
    else if (typeof body === 'string' && body.includes('redirect_uri=')) {
      const params = new URLSearchParams(body);
      params.set('redirect_uri', redirectUri);
      return fetch(url, { ...options, body: params.toString() } as RequestInit);
    }
    return fetch(url, options as RequestInit);
  };
}

async function exchangeCode(provider: Provider, redirectUri: string, input: OAuth2Callback, state: string, row: { code_verifier: string; nonce: string }) {
  sendRegisteredRedirectUri(provider, redirectUri);
  const currentUrl = new URL(redirectUri);
  currentUrl.searchParams.set('code', input.code ?? '');
  currentUrl.searchParams.set('state', state);
  if (input.iss) currentUrl.searchParams.set('iss', input.iss);
  try {
    return await oidc.authorizationCodeGrant(
      provider.config,
      currentUrl,
      { pkceCodeVerifier: row.code_verifier, expectedState: state, idTokenExpected: provider.oidc, ...(provider.oidc ? { expectedNonce: row.nonce } : {}) },
      { redirect_uri: redirectUri },
    );
  } catch (err) {
    if (err instanceof oidc.ResponseBodyError) throw new ApiError(10101, 'oauth.providerRefused');
    if (isNetworkFailure(err)) throw new ApiError(10101, 'oauth.providerUnreachable');
    // A token whose nonce, issuer, audience or signature is wrong: someone else's answer.
    throw new ApiError(10101, 'oauth.tokenInvalid');
  }
}

/** With `code` and `state`: check them, exchange the code, find or create the account, sign in. */
export async function finishOAuth2Login(ctx: Ctx, input: OAuth2Callback): Promise<RawResponse> {
  const { settings, redirectUri } = await openSettings(ctx);
  const row = await takeLoginState(ctx, input.state);
  if (input.error || !input.code) throw new ApiError(10101, 'oauth.providerRefused');
  const provider = await providerFor(settings);
  const tokens = await exchangeCode(provider, redirectUri, input, input.state ?? '', row);
  let identity;
  try {
    identity = await identityOf(provider, tokens, settings.username_field);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(10101, isNetworkFailure(err) ? 'oauth.providerUnreachable' : 'oauth.providerRefused');
  }
  const user = await accountFor(ctx, provider.issuer, identity);
  const { token, expiresIn } = await issueToken(ctx, user.uid, ctx.ip);
  ctx.loginCookie.set(token, expiresIn);
  return redirectTo(row.redirect || DEFAULT_LANDING, { 'set-cookie': browserCookie(ctx, '', 0) });
}
