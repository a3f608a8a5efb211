/**
 * Errors the two databases report differently. PostgreSQL names a broken unique constraint with SQLSTATE
 * 23505; better-sqlite3 with SQLITE_CONSTRAINT_UNIQUE (and older builds only in the message).
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/i.test(e.message ?? '');
}

/**
 * A failure that is the database being momentarily unavailable rather than the request being wrong: SQLite
 * locked by another process (SQLITE_BUSY/LOCKED, e.g. a backup or the sqlite3 shell holding a write lock),
 * PostgreSQL restarting or cutting the connection (57P01–57P03, 08xxx), a serialization failure or deadlock
 * (40001, 40P01) or a lock wait that ran out (55P03). The client may retry: the API answers 503.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    return /^SQLITE_(BUSY|LOCKED)/.test(code) || /^(57P0[123]|08\w{3}|40001|40P01|55P03|ECONNRESET|ECONNREFUSED|EPIPE)$/.test(code);
  }
  // node-postgres reports a connection lost mid-use with these messages and no code.
  return typeof message === 'string' && /^(Connection terminated( unexpectedly)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)$/.test(message);
}
