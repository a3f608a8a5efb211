import { z } from 'zod';
import { zText } from '../../http/fields.js';

/** `extLogin/oauth2`: the browser arriving (`redirect`), or coming back from the provider (`code`, `state`…). */
export const OAuth2Login = z.object({
  redirect: zText(1000).optional(),
  code: zText(4000).optional(),
  state: zText(500).optional(),
  iss: zText(1000).optional(),
  error: zText(500).optional(),
});
export type OAuth2LoginInput = z.infer<typeof OAuth2Login>;
/** What the provider's callback brings back (`redirect` belongs to the browser's first arrival). */
export type OAuth2Callback = Omit<OAuth2LoginInput, 'redirect'>;

/** `extLogin/bySecretKey`: a link signed with the site's login secret key, in ShowDoc's fields. */
export const BySecretKey = z.object({
  username: zText(100),
  time: zText(20),
  token: zText(64),
  name: zText(50).optional(),
  redirect: zText(1000).optional(),
});
export type SecretKeyLink = z.infer<typeof BySecretKey>;
