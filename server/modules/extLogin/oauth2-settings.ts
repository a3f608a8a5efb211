import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { readOptions } from '../common/options.js';

/**
 * The OAuth2 settings as stored in the `oauth2_form` option (JSON). Folio writes full URLs; a form
 * imported from ShowDoc has `protocol` + `host` + `*_path` instead, which are read into the same shape.
 */
export interface OAuth2Settings {
  client_id: string;
  client_secret: string;
  redirectUri: string;
  issuer: string;
  authorize_url: string;
  token_url: string;
  userinfo_url: string;
  username_field: string;
  scope: string;
  entrance_tips: string;
}

export const EMPTY_SETTINGS: OAuth2Settings = {
  client_id: '',
  client_secret: '',
  redirectUri: '',
  issuer: '',
  authorize_url: '',
  token_url: '',
  userinfo_url: '',
  username_field: '',
  scope: '',
  entrance_tips: '',
};

/** Where Folio answers the provider's redirect (ShowDoc's `/server/?s=/api/extLogin/oauth2` works too). */
export const CALLBACK_PATH = '/api/extLogin/oauth2';

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** ShowDoc's `protocol://host` + path, unless the path is already a whole URL. */
function showDocUrl(form: Record<string, unknown>, pathKey: string): string {
  const path = str(form[pathKey]);
  if (!path || /^https?:\/\//i.test(path)) return path;
  const host = str(form.host);
  if (!host) return '';
  const protocol = str(form.protocol).toLowerCase() === 'http' ? 'http' : 'https';
  return `${protocol}://${host}${path.startsWith('/') ? '' : '/'}${path}`;
}

export function parseSettings(json: string | undefined): OAuth2Settings {
  let form: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) form = parsed as Record<string, unknown>;
  } catch {
    // A broken value (hand-edited database) reads as "not configured".
  }
  return {
    client_id: str(form.client_id),
    client_secret: str(form.client_secret),
    redirectUri: str(form.redirectUri),
    issuer: str(form.issuer),
    authorize_url: str(form.authorize_url) || showDocUrl(form, 'authorize_path'),
    token_url: str(form.token_url) || showDocUrl(form, 'token_path'),
    userinfo_url: str(form.userinfo_url) || showDocUrl(form, 'userinfo_path') || showDocUrl(form, 'resource_path'),
    username_field: str(form.username_field),
    scope: str(form.scope),
    entrance_tips: str(form.entrance_tips),
  };
}

export async function readSettings(db: Kysely<DB>): Promise<{ open: boolean; openRaw: string | null; settings: OAuth2Settings; siteUrl: string }> {
  const o = await readOptions(db, ['oauth2_open', 'oauth2_form', 'site_url']);
  return { open: o.oauth2_open === '1', openRaw: o.oauth2_open ?? null, settings: parseSettings(o.oauth2_form), siteUrl: o.site_url ?? '' };
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The provider's URLs are https, or plain http on this machine only (a provider in development, the
 * tests). Anything else would send the client secret and tokens in clear.
 */
export function isAllowedProviderUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK.test(url.hostname);
}

/** The redirect URI sent to the provider: the one the admin registered, or this site's callback. */
export function redirectUriOf(settings: OAuth2Settings, siteUrl: string): string {
  if (settings.redirectUri) return settings.redirectUri;
  return siteUrl ? siteUrl.replace(/\/+$/, '') + CALLBACK_PATH : '';
}
