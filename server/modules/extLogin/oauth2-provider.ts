import * as oidc from 'openid-client';
import { ApiError } from '../../http/api-error.js';
import { isAllowedProviderUrl, type OAuth2Settings } from './oauth2-settings.js';

/** Seconds Folio waits for the provider (discovery, token, userinfo) before telling the user it is down. */
export const PROVIDER_TIMEOUT_SECONDS = 10;

export interface Provider {
  config: oidc.Configuration;
  /** What links an account: the OIDC issuer, or the token endpoint of a plain OAuth2 provider. */
  issuer: string;
  /** OpenID Connect (an ID token with `sub` and our `nonce`) or plain OAuth2 (userinfo only). */
  oidc: boolean;
}

function allowLoopbackHttp(config: oidc.Configuration, urls: string[]): void {
  // isAllowedProviderUrl let http through only for this machine; openid-client needs to be told.
  if (urls.some((u) => u.startsWith('http:'))) oidc.allowInsecureRequests(config);
}

/**
 * The client for the configured provider: from the issuer's discovery document, or from endpoints
 * entered by hand. TLS certificates are always verified (ShowDoc turned that off); a private CA is
 * given to Node with NODE_EXTRA_CA_CERTS.
 */
export async function providerFor(settings: OAuth2Settings): Promise<Provider> {
  if (!settings.client_id) throw new ApiError(10101, 'oauth.notConfigured');
  const clientAuth = settings.client_secret ? oidc.ClientSecretPost(settings.client_secret) : oidc.None();
  const metadata = settings.client_secret ? { client_secret: settings.client_secret } : {};
  if (settings.issuer) {
    if (!isAllowedProviderUrl(settings.issuer)) throw new ApiError(10101, 'oauth.badUrl', { field: 'issuer' });
    let config: oidc.Configuration;
    try {
      config = await oidc.discovery(new URL(settings.issuer), settings.client_id, metadata, clientAuth, {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        execute: settings.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
      });
    } catch {
      throw new ApiError(10101, 'oauth.providerUnreachable');
    }
    config.timeout = PROVIDER_TIMEOUT_SECONDS;
    return { config, issuer: config.serverMetadata().issuer, oidc: true };
  }
  const urls = [settings.authorize_url, settings.token_url, settings.userinfo_url];
  urls.forEach((u, i) => {
    if (!u || !isAllowedProviderUrl(u)) throw new ApiError(10101, 'oauth.badUrl', { field: ['authorize_url', 'token_url', 'userinfo_url'][i] ?? '' });
  });
  const config = new oidc.Configuration(
    { issuer: new URL(settings.token_url).origin, authorization_endpoint: settings.authorize_url, token_endpoint: settings.token_url, userinfo_endpoint: settings.userinfo_url },
    settings.client_id,
    metadata,
    clientAuth,
  );
  config.timeout = PROVIDER_TIMEOUT_SECONDS;
  allowLoopbackHttp(config, urls);
  return { config, issuer: `oauth2:${settings.token_url}`, oidc: false };
}
