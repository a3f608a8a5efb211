import { z } from 'zod';
import { folioOnly, text } from '../wire.js';

/**
 * `adminSetting/loadOauth2Config`: the OAuth2 / OpenID Connect settings as the admin console edits them.
 * Unlike ShowDoc, the client secret never leaves the server: the console learns only whether one is set.
 */
export const OAuth2Form = z.object({
  client_id: text(),
  /** The redirect URI registered at the provider ('' = this site's `/api/extLogin/oauth2`). */
  redirectUri: text(),
  /** OpenID Connect: the issuer whose discovery document gives the endpoints ('' = endpoints below). */
  issuer: text(),
  authorize_url: text(),
  token_url: text(),
  userinfo_url: text(),
  /** The userinfo or ID-token field holding the username ('' = preferred_username, name, username, login). */
  username_field: text(),
  scope: text(),
  entrance_tips: text(),
  client_secret_set: z.boolean(),
});
export type OAuth2Form = z.infer<typeof OAuth2Form>;

export const OAuth2Config = z.object({
  oauth2_open: text(),
  oauth2_form: OAuth2Form,
  /** What to register at the provider when `redirectUri` is empty; '' while the site URL is unknown. */
  callback_url: folioOnly(text()),
});
export type OAuth2Config = z.infer<typeof OAuth2Config>;
