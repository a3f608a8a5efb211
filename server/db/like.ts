/** Escapes `%`, `_` and `\` so user input in LIKE matches itself; use with `escape '\'`. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
