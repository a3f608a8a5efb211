import { z } from 'zod';
import { noInput, zFlag, zText } from '../../http/fields.js';

const url = zText(500).optional();

/**
 * `adminSetting/saveOauth2Config`: `oauth2_form` as an object (Folio's console, JSON) or as JSON text
 * (ShowDoc's console posts a form). ShowDoc's `protocol`/`host`/`*_path` fields are accepted too. An
 * empty or absent `client_secret` keeps the stored one, since the console never receives it.
 */
export const OAuth2FormInput = z.object({
  client_id: zText(300).optional(),
  client_secret: zText(1000).optional(),
  redirectUri: url,
  issuer: url,
  authorize_url: url,
  token_url: url,
  userinfo_url: url,
  username_field: zText(100).optional(),
  scope: zText(300).optional(),
  entrance_tips: zText(200).optional(),
  protocol: zText(10).optional(),
  host: zText(300).optional(),
  authorize_path: url,
  token_path: url,
  userinfo_path: url,
  resource_path: url,
});
export type OAuth2FormInput = z.output<typeof OAuth2FormInput>;

function jsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export const SaveOAuth2Config = z.object({
  oauth2_open: zFlag.optional(),
  oauth2_form: z.preprocess(jsonText, OAuth2FormInput).optional(),
});
export type SaveOAuth2ConfigInput = z.output<typeof SaveOAuth2Config>;

export const LoadOAuth2Config = noInput;
