import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from './database.js';
import { escapeLike } from './like.js';

/** Trigram indexes need three characters; shorter keywords (common two-character Chinese words) scan. */
export const MIN_INDEXED_LENGTH = 3;

/**
 * A condition on the `page` table (aliased `page`) that is true when the title or body contains the
 * keyword, case-insensitively. Uses the full-text index where the keyword is long enough.
 */
export function pageMatches(dialect: Dialect, keyword: string): Expression<SqlBool> {
  const lowered = keyword.toLowerCase();
  if (dialect === 'sqlite' && [...keyword].length >= MIN_INDEXED_LENGTH) {
    // A quoted FTS5 phrase: the trigram tokenizer matches it as a substring.
    const phrase = `"${keyword.replace(/"/g, '""')}"`;
    return sql<SqlBool>`page.page_id in (select rowid from page_fts where page_fts match ${phrase})`;
  }
  const pattern = `%${escapeLike(lowered)}%`;
  return sql<SqlBool>`(lower(page.page_title) like ${pattern} escape '\\' or lower(page.page_content) like ${pattern} escape '\\')`;
}
