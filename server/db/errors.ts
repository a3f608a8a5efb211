/**
 * Errors the two databases report differently. PostgreSQL names a broken unique constraint with SQLSTATE
 * 23505; better-sqlite3 with SQLITE_CONSTRAINT_UNIQUE (and older builds only in the message).
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/i.test(e.message ?? '');
}
