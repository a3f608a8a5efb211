import { sql, type AliasedRawBuilder, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './database.js';
import type { DB } from './tables.js';
import { escapeLike } from './like.js';

/** Trigram indexes need three characters; shorter keywords (common two-character Chinese words) scan. */
export const MIN_INDEXED_LENGTH = 3;

function usesFts(dialect: Dialect, keyword: string): boolean {
  return dialect === 'sqlite' && [...keyword].length >= MIN_INDEXED_LENGTH;
}

/** A quoted FTS5 phrase: the trigram tokenizer matches it as a substring, and FTS syntax in it is plain text. */
function ftsPhrase(keyword: string): string {
  return `"${keyword.replace(/"/g, '""')}"`;
}

function likePattern(keyword: string): string {
  return `%${escapeLike(keyword.toLowerCase())}%`;
}

/**
 * A condition on the `page` table (aliased `page`) that is true when the title or body contains the
 * keyword, case-insensitively. Uses the full-text index where the keyword is long enough.
 */
export function pageMatches(dialect: Dialect, keyword: string): Expression<SqlBool> {
  if (usesFts(dialect, keyword)) {
    return sql<SqlBool>`page.page_id in (select rowid from page_fts where page_fts match ${ftsPhrase(keyword)})`;
  }
  const pattern = likePattern(keyword);
  return sql<SqlBool>`(lower(page.page_title) like ${pattern} escape '\\' or lower(page.page_content) like ${pattern} escape '\\')`;
}

/** The header of a page that matched a keyword; never its body. */
export interface MatchedPage {
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title: string;
  s_number: number;
  addtime: number;
  author_uid: number;
  is_draft: number;
  is_del: number;
  ext_info: string;
  /** Relevance of the body from the full-text index, smaller is better (FTS5 bm25); 0 where nothing ranks. */
  search_rank: number;
}

const HEADER_COLUMNS = sql.raw('p.page_id, p.item_id, p.cat_id, p.page_title, p.s_number, p.addtime, p.author_uid, p.is_draft, p.is_del, p.ext_info');

/**
 * The pages that contain the keyword (title or body, case-insensitively), as a table to select from,
 * aliased `page` so conditions written for the page table apply. On SQLite with three or more characters
 * the FTS5 index drives the query and ranks the hits; PostgreSQL's pg_trgm indexes serve the `LIKE`
 * (they filter, they do not rank), and shorter keywords scan. `scan` asks for the scan on SQLite too
 * (see `scanBeatsIndex`); the caller then restricts the rows by item so the scan stays within it.
 */
export function matchingPages(dialect: Dialect, keyword: string, options: { scan?: boolean } = {}): AliasedRawBuilder<MatchedPage, 'page'> {
  if (usesFts(dialect, keyword) && !options.scan) {
    return sql<MatchedPage>`(select ${HEADER_COLUMNS}, page_fts.rank as search_rank from page_fts join page p on p.page_id = page_fts.rowid where page_fts match ${ftsPhrase(keyword)})`.as(
      'page',
    );
  }
  const pattern = likePattern(keyword);
  return sql<MatchedPage>`(select ${HEADER_COLUMNS}, 0 as search_rank from page p where lower(p.page_title) like ${pattern} escape '\\' or lower(p.page_content) like ${pattern} escape '\\')`.as(
    'page',
  );
}

/** 0 when the page title (column `page.page_title`) contains the keyword, else 1: title hits rank first. */
export function titleMiss(keyword: string): Expression<number> {
  return sql<number>`case when lower(page.page_title) like ${likePattern(keyword)} escape '\\' then 0 else 1 end`;
}

/**
 * Whether, on SQLite, scanning one project's pages finds the keyword sooner than the index. The index
 * query visits every matching page of the whole site, one row lookup each, while a scan reads only the
 * project: for a word found in most pages of a large site ("参数" in API docs) the scan wins. The probe
 * counts index hits up to twice the project's size, which is cheap (no row lookups).
 */
export async function scanBeatsIndex(db: Kysely<DB>, dialect: Dialect, keyword: string, itemId: number): Promise<boolean> {
  if (!usesFts(dialect, keyword)) return false;
  const project = await db.selectFrom('page').select((eb) => eb.fn.countAll<number>().as('n')).where('item_id', '=', itemId).where('is_del', '=', 0).executeTakeFirst();
  const limit = 2 * Number(project?.n ?? 0);
  const probe = await sql<{ n: number }>`select count(*) as n from (select rowid from page_fts where page_fts match ${ftsPhrase(keyword)} limit ${limit})`.execute(db);
  return Number(probe.rows[0]?.n ?? 0) >= limit;
}

/**
 * The pages (title or body) that contain `needle`, a column or expression of the outer query such as an
 * attachment's `upload_file.sign`. On SQLite it is one FTS5 trigram probe per outer row instead of a scan
 * of every page body; on PostgreSQL the pg_trgm indexes on lower(title/content) are there for the planner
 * (it may still scan a small page table).
 * The needle must be at least three characters and free of LIKE wildcards (signs are hex).
 */
export function pagesContaining(dialect: Dialect, needle: Expression<string>): RawBuilder<{ page_id: number }> {
  if (dialect === 'sqlite') return sql<{ page_id: number }>`(select rowid from page_fts where page_fts match '"' || ${needle} || '"')`;
  return sql<{ page_id: number }>`(select page_id from page where lower(page_title) like '%' || lower(${needle}) || '%' or lower(page_content) like '%' || lower(${needle}) || '%')`;
}
