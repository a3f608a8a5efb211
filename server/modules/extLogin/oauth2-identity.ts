import * as oidc from 'openid-client';
import { ApiError } from '../../http/api-error.js';
import type { Provider } from './oauth2-provider.js';

/** Who the provider says logged in: the immutable subject, and a name to start a new account with. */
export interface ProviderIdentity {
  subject: string;
  username: string;
  name: string;
  email: string;
}

const MAX_USERINFO_BYTES = 256 * 1024;
// ShowDoc's order, when the admin did not name the field.
const USERNAME_FIELDS = ['preferred_username', 'username', 'login', 'name', 'email'];

type Claims = Record<string, unknown>;

function claimText(claims: Claims, field: string): string {
  const value = claims[field];
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/**
 * A plain OAuth2 userinfo endpoint (GitHub-like) need not answer the OIDC `sub` that openid-client
 * insists on, so it is read here: Bearer token, JSON, size and time capped.
 */
async function plainUserInfo(provider: Provider, accessToken: string): Promise<Claims> {
  const url = provider.config.serverMetadata().userinfo_endpoint;
  if (!url) throw new ApiError(10101, 'oauth.notConfigured');
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    redirect: 'error',
    signal: AbortSignal.timeout((provider.config.timeout ?? 10) * 1000),
  });
  if (!res.ok) throw new ApiError(10101, 'oauth.providerRefused');
  const body = await res.text();
  if (body.length > MAX_USERINFO_BYTES) throw new ApiError(10101, 'oauth.providerRefused');
  const parsed: unknown = JSON.parse(body);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ApiError(10101, 'oauth.providerRefused');
  return parsed as Claims;
}

/** Reads the identity from the ID token (OIDC) and the userinfo endpoint, when the provider has one. */
export async function identityOf(provider: Provider, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers, usernameField: string): Promise<ProviderIdentity> {
  let claims: Claims;
  let subject: string;
  if (provider.oidc) {
    const idClaims = tokens.claims();
    if (!idClaims?.sub) throw new ApiError(10101, 'oauth.noSubject');
    subject = idClaims.sub;
    claims = { ...idClaims };
    if (provider.config.serverMetadata().userinfo_endpoint) {
      // The userinfo answer must be about the same subject as the ID token (openid-client checks).
      claims = { ...claims, ...(await oidc.fetchUserInfo(provider.config, tokens.access_token, subject)) };
    }
  } else {
    claims = await plainUserInfo(provider, tokens.access_token);
    // GitHub and GitLab number their users; OIDC-like providers send `sub`. Both never change.
    subject = claimText(claims, 'sub') || claimText(claims, 'id');
    if (!subject) throw new ApiError(10101, 'oauth.noSubject');
  }
  const fields = usernameField ? [usernameField] : USERNAME_FIELDS;
  const username = fields.map((f) => claimText(claims, f)).find((v) => v !== '') ?? '';
  return { subject: subject.slice(0, 255), username, name: claimText(claims, 'name'), email: claimText(claims, 'email') };
}
