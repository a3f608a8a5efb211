import type { LoginResult, UserInfo } from '../../../common/answers/user.js';
import type { User } from '../../db/tables.js';

/** What login and registration answer (ShowDoc's shape), with the new token. */
export function presentLogin(user: User, token: string): LoginResult {
  return {
    uid: user.uid,
    username: user.username,
    name: user.name,
    groupid: user.groupid,
    avatar: user.avatar,
    avatar_small: user.avatar_small,
    email: user.email,
    email_verify: 0,
    user_token: token,
  };
}

/** `user/info`: never the password hash, salt or tokens. */
export function presentUserInfo(user: User): UserInfo {
  return {
    uid: user.uid,
    username: user.username,
    email: user.email,
    email_verify: 0,
    mobile: '',
    name: user.name,
    avatar: user.avatar,
    avatar_small: user.avatar_small,
    groupid: user.groupid,
    reg_time: user.reg_time,
    is_wechat: 0,
    is_sso: user.is_sso,
  };
}
