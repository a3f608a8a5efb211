import { z } from 'zod';
import { int, rowInt, text } from '../wire.js';

/** What the user actions answer (showdoc-behaviour.md §6.1; transcripts 05, 07, 10, 50b, 61). */

/** Login, registration and token login: the person and the new token (scripts keep it; the web app has the cookie). */
export const LoginResult = z.object({
  uid: rowInt(),
  username: text(),
  name: text(),
  /** 1 site administrator, 2 ordinary user. */
  groupid: rowInt(),
  avatar: text(),
  avatar_small: text(),
  email: text(),
  email_verify: int(),
  user_token: text(),
});
export type LoginResult = z.infer<typeof LoginResult>;

/** `user/info`: the logged-in person, never the password hash, salt or tokens. */
export const UserInfo = z.object({
  uid: rowInt(),
  username: text(),
  email: text(),
  email_verify: int(),
  mobile: text(),
  name: text(),
  avatar: text(),
  avatar_small: text(),
  groupid: rowInt(),
  /** Unix seconds. */
  reg_time: rowInt(),
  is_wechat: int(),
  is_sso: rowInt(),
});
export type UserInfo = z.infer<typeof UserInfo>;

/**
 * `user/oauthInfo`: the raw `oauth2_open` option, null when it was never set (ShowDoc answers so on a
 * fresh install). Folio has no OAuth2 login, so the login page never shows the entrance.
 */
export const OAuthInfo = z.object({ oauth2_open: text().nullable(), oauth2_entrance_tips: text() });
export type OAuthInfo = z.infer<typeof OAuthInfo>;

/** `user/allUser`: people for the member pickers. */
export const UserName = z.object({ uid: rowInt(), username: text(), name: text() });
export type UserName = z.infer<typeof UserName>;
export const UserNames = z.array(UserName);
