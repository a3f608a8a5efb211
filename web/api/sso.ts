import type { OAuth2Config, OAuth2Form } from '../../common/answers/oauth2';
import { ADMIN_KEY } from './admin';
import { apiPost } from './client';

export type { OAuth2Config, OAuth2Form };

/** The OAuth2 / OpenID Connect settings of the admin console (issue 20). Silent: the section shows refusals itself. */
const silent = { silent: true } as const;

export const oauth2ConfigKey = [...ADMIN_KEY, 'oauth2'] as const;

export function fetchOAuth2Config(signal?: AbortSignal): Promise<OAuth2Config> {
  return apiPost<OAuth2Config>('adminSetting/loadOauth2Config', {}, { ...silent, signal });
}

/** What the console edits: the form without the secret's flag, plus a new secret ('' keeps the stored one). */
export type OAuth2FormInput = Omit<OAuth2Form, 'client_secret_set'> & { client_secret: string };

/** The form goes as JSON text, as ShowDoc's console sends `oauth2_form`. */
export function saveOAuth2Config(open: boolean, form: OAuth2FormInput): Promise<unknown> {
  return apiPost('adminSetting/saveOauth2Config', { oauth2_open: open ? 1 : 0, oauth2_form: JSON.stringify(form) }, silent);
}
