import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Row types of every table. Names follow ShowDoc's schema (showdoc-behaviour.md §4) so the API and the
 * importer of ShowDoc databases read naturally. Times are unix seconds.
 */

export interface UserTable {
  uid: Generated<number>;
  username: string;
  username_key: string;
  groupid: Generated<number>;
  name: Generated<string>;
  avatar: Generated<string>;
  avatar_small: Generated<string>;
  email: Generated<string>;
  password: Generated<string>;
  salt: Generated<string>;
  reg_time: Generated<number>;
  last_login_time: Generated<number>;
  is_sso: Generated<number>;
  /** 1 when an administrator disabled the account (0004_admin_users). */
  is_disabled: Generated<number>;
}

export interface UserTokenTable {
  id: Generated<number>;
  uid: number;
  token: string;
  token_expire: number;
  ip: Generated<string>;
  addtime: number;
  last_check_time: Generated<number>;
}

export interface CaptchaTable {
  captcha_id: string;
  captcha: string;
  expire_time: number;
  mobile: Generated<string>;
}

export interface OptionsTable {
  option_id: Generated<number>;
  option_name: string;
  option_value: Generated<string>;
}

export interface LoginThrottleTable {
  throttle_key: string;
  failures: Generated<number>;
  locked_until: Generated<number>;
  last_failure: Generated<number>;
}

/** One password login attempt (0004_admin_users), for the administrator's login log. */
export interface UserLoginLogTable {
  id: Generated<number>;
  /** 0 when the name matched no account. */
  uid: Generated<number>;
  username: Generated<string>;
  ip: Generated<string>;
  user_agent: Generated<string>;
  success: Generated<number>;
  reason: Generated<string>;
  addtime: number;
}

/** A login secret-key link already used, remembered until its window has passed (0006_secret_key_links). */
export interface LoginSecretLinkTable {
  token_hash: string;
  expires_at: number;
}

/** A provider account linked to a Folio account by the provider's (issuer, subject) (0005_oauth_links). */
export interface OAuthLinkTable {
  id: Generated<number>;
  issuer: string;
  subject: string;
  uid: number;
  addtime: number;
}

/** An OAuth2 login in progress, until its callback or expiry (0005_oauth_links). */
export interface OAuthLoginStateTable {
  state_hash: string;
  browser_hash: string;
  code_verifier: string;
  nonce: string;
  redirect: Generated<string>;
  expires_at: number;
}

/** The site secret, made once by the first server to start (0008_shared_state). */
export interface FolioSiteKeyTable {
  name: string;
  value: string;
  created_at: number;
}

/** Calls counted in one fixed window of a declared rate limit (0008_shared_state). */
export interface RateLimitWindowTable {
  bucket: string;
  hits: number;
  expires_at: number;
}

/** Which server runs a scheduled job until when (0008_shared_state). */
export interface JobLeaseTable {
  job_name: string;
  holder: string;
  lease_until: number;
}

export interface AccountTables {
  user: UserTable;
  user_token: UserTokenTable;
  captcha: CaptchaTable;
  options: OptionsTable;
  login_throttle: LoginThrottleTable;
  user_login_log: UserLoginLogTable;
  login_secret_link: LoginSecretLinkTable;
  oauth_link: OAuthLinkTable;
  oauth_login_state: OAuthLoginStateTable;
  folio_site_key: FolioSiteKeyTable;
  rate_limit_window: RateLimitWindowTable;
  job_lease: JobLeaseTable;
}

// The content tables (items, catalogs, pages, …) are declared in content-tables.ts.
import type { ContentTables } from './content-tables.js';

export interface DB extends AccountTables, ContentTables {}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
