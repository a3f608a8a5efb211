/** Tokens and passwords never reach the log, wherever the client put them in the URL. */
const SECRET_PARAMS = ['user_token', 'password', 'new_password', 'confirm_password', '_item_pwd', 'api_token', 'api_key', 'captcha', 'token'];
const secretList = SECRET_PARAMS.join('|');
const QUERY_SECRET = new RegExp(`([?&](?:${secretList})=)[^&#]*`, 'gi');
const PATH_SECRET = new RegExp(`(/(?:${secretList})/)[^/?#]*`, 'gi');
// Inside ShowDoc's `?s=/api/x/y&user_token=…` the same applies; an encoded `&` in s is decoded first.
export function redactUrl(url: string): string {
  return url.replace(QUERY_SECRET, '$1[redacted]').replace(PATH_SECRET, '$1[redacted]');
}
