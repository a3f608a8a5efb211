import type { Kysely } from 'kysely';
import type { OAuth2Config } from '../../../common/answers/oauth2.js';
import type { DB } from '../../db/tables.js';
import { ApiError } from '../../http/api-error.js';
import { writeOptions } from '../common/options.js';
import { isAllowedProviderUrl, parseSettings, readSettings, redirectUriOf, type OAuth2Settings } from '../extLogin/oauth2-settings.js';
import type { SaveOAuth2ConfigInput } from './oauth2-schema.js';

/** What the console sees: everything but the client secret, of which only its presence. */
export async function loadOAuth2Config(db: Kysely<DB>): Promise<OAuth2Config> {
  const { open, settings, siteUrl } = await readSettings(db);
  const { client_secret: secret, ...visible } = settings;
  return {
    oauth2_open: open ? '1' : '0',
    oauth2_form: { ...visible, client_secret_set: secret !== '' },
    callback_url: redirectUriOf({ ...settings, redirectUri: '' }, siteUrl),
  };
}

const PROVIDER_URLS = ['issuer', 'authorize_url', 'token_url', 'userinfo_url'] as const;

function checkUrls(settings: OAuth2Settings): void {
  for (const field of PROVIDER_URLS) {
    if (settings[field] && !isAllowedProviderUrl(settings[field])) throw new ApiError(10101, 'oauth.badUrl', { field });
  }
  if (settings.redirectUri) {
    if (!URL.canParse(settings.redirectUri) || !['http:', 'https:'].includes(new URL(settings.redirectUri).protocol)) throw new ApiError(10101, 'oauth.badUrl', { field: 'redirectUri' });
  }
}

/** An open login needs a client and either discovery or the endpoints of a plain OAuth2 provider. */
function checkComplete(settings: OAuth2Settings): void {
  if (!settings.client_id) throw new ApiError(10101, 'oauth.incomplete', { field: 'client_id' });
  if (settings.issuer) return;
  for (const field of ['authorize_url', 'token_url', 'userinfo_url'] as const) {
    if (!settings[field]) throw new ApiError(10101, 'oauth.incomplete', { field });
  }
}

export async function saveOAuth2Config(db: Kysely<DB>, input: SaveOAuth2ConfigInput): Promise<[]> {
  const current = await readSettings(db);
  let settings = current.settings;
  if (input.oauth2_form) {
    // Read the posted form as a stored one, so ShowDoc's protocol/host/path fields mean the same here.
    const posted = parseSettings(JSON.stringify(input.oauth2_form));
    settings = { ...posted, client_secret: posted.client_secret || current.settings.client_secret };
  }
  const open = input.oauth2_open ?? current.open;
  checkUrls(settings);
  if (open) checkComplete(settings);
  await writeOptions(db, { oauth2_open: open ? '1' : '0', oauth2_form: JSON.stringify(settings) });
  return [];
}
