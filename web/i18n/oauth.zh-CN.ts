import type { Messages } from './en';

/** OAuth2 / OpenID Connect的中文文字，键与 `oauth.en.ts` 一致。 */
export const oauthZhCN: Messages['oauth'] = {
  title: 'OAuth2 / OpenID Connect',
};
