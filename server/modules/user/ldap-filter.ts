/**
 * RFC 4515 §3: in a filter's assertion value, `*`, `(`, `)`, `\` and NUL must be written as `\XX`.
 * Everything else (UTF-8 included) may stand as it is. Without this a username like `*)(uid=*`
 * would widen the search and match someone else's entry.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/[*()\\\0]/g, (c) => '\\' + c.charCodeAt(0).toString(16).padStart(2, '0'));
}

const PLACEHOLDER = /%\(user\)s|%s/g;
const HAS_PLACEHOLDER = /%\(user\)s|%s/;

/**
 * The search for one user: the admin's filter with every `%s` (ShowDoc's `%(user)s`) replaced by the
 * escaped username; a filter without a placeholder (ShowDoc's default `(cn=*)`) is ANDed with the
 * username attribute, as ShowDoc matched `user_field` after searching.
 */
export function userSearchFilter(filter: string, userField: string, username: string): string {
  const value = escapeFilterValue(username);
  const wrapped = filter.startsWith('(') ? filter : `(${filter})`;
  if (HAS_PLACEHOLDER.test(wrapped)) return wrapped.replace(PLACEHOLDER, () => value);
  return `(&${wrapped}(${userField}=${value}))`;
}
