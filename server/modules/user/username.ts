/**
 * A username is ShowDoc's 2–30 letters, digits, `_`, `-` or CJK characters, or an e-mail address
 * (ShowDoc stores those too but its login regex refused them).
 */
const PLAIN = /^[A-Za-z0-9_\-\u4e00-\u9fa5]{2,30}$/;
const EMAIL = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(\.[A-Za-z0-9-]{1,63})*\.[A-Za-z]{2,24}$/;

export function isValidUsername(username: string): boolean {
  return username.length <= 100 && (PLAIN.test(username) || EMAIL.test(username));
}

export function looksLikeEmail(username: string): boolean {
  return EMAIL.test(username);
}

/** One account per name regardless of case or width: `Admin`, `ａｄｍｉｎ` and `admin` collide. */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').toLowerCase();
}
