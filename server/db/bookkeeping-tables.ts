/**
 * Tables that hold no site data, only the machinery's own state: what backups leave out and what "nothing
 * stored changed" checks (server/http/get-refusal.test.ts) do not compare.
 *
 * - `kysely_*`: the migrator's record and lock; `migrate` writes them on any target.
 * - `sqlite_*`: SQLite's own (sequences, statistics).
 * - `page_fts*`: the full-text and CJK term indexes, rebuilt from `page` by triggers as rows go in.
 * - `page_plain_text`: pages' words for search snippets, made again as searches meet the pages.
 * - `rate_limit_window`: rate-limit counters (PostgreSQL); a rate-limited read counts itself there, and
 *   windows expire within minutes.
 * - `job_lease`: which server runs a scheduled job until when; a restored lease would hold a job back for
 *   a whole interval on a site where no server holds it.
 */
const PREFIXES = ['kysely_', 'sqlite_', 'page_fts'] as const;
const NAMES: ReadonlySet<string> = new Set(['page_plain_text', 'rate_limit_window', 'job_lease']);

export function isBookkeepingTable(name: string): boolean {
  return NAMES.has(name) || PREFIXES.some((prefix) => name.startsWith(prefix));
}
