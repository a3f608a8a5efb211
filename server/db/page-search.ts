import { sql, type AliasedRawBuilder, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './database.js';
import type { DB } from './tables.js';
import { escapeLike } from './like.js';
import { cjkTerm, isShortCjk, itemTerm } from './page-search-terms.js';

/** Trigram indexes need three characters; shorter keywords use the CJK term index or scan. */
export const MIN_INDEXED_LENGTH = 3;

/**
 * How a keyword is looked up: `trigram` (three or more characters: FTS5 trigram on SQLite, pg_trgm's GIN
 * indexes under `LIKE` on PostgreSQL — substring, case-insensitive), `terms` (one or two CJK characters:
 * the term index of page-search-terms.ts, also a substring match), `scan` (other one- or two-character
 * keywords such as "id" or "a中": `LIKE` over the pages, newest first, which stops early for the common
 * ones a short keyword usually is).
 */
export type KeywordIndex = 'trigram' | 'terms' | 'scan';

export function keywordIndex(keyword: string): KeywordIndex {
  if (isShortCjk(keyword)) return 'terms';
  return [...keyword].length >= MIN_INDEXED_LENGTH ? 'trigram' : 'scan';
}

function usesFts(dialect: Dialect, keyword: string): boolean {
  return dialect === 'sqlite' && keywordIndex(keyword) === 'trigram';
}

/** A quoted FTS5 phrase: the trigram tokenizer matches it as a substring, and FTS syntax in it is plain text. */
function ftsPhrase(keyword: string): string {
  return `"${keyword.replace(/"/g, '""')}"`;
}

function likePattern(keyword: string): string {
  return `%${escapeLike(keyword.toLowerCase())}%`;
}

/** The ids of the pages whose title or body holds a 1–2 character CJK keyword (`terms` index). */
function termHits(dialect: Dialect, keyword: string): RawBuilder<{ page_id: number }> {
  if (dialect === 'sqlite') return sql`(select rowid from page_fts_cjk where page_fts_cjk match ${cjkTerm(keyword)})`;
  return sql`(select page_id from page_fts_cjk where terms @> array[${cjkTerm(keyword)}::text])`;
}

/**
 * A condition on the `page` table (aliased `page`) that is true when the title or body contains the
 * keyword, case-insensitively. Uses the full-text index where the keyword is long enough.
 */
export function pageMatches(dialect: Dialect, keyword: string): Expression<SqlBool> {
  if (usesFts(dialect, keyword)) {
    return sql<SqlBool>`page.page_id in (select rowid from page_fts where page_fts match ${ftsPhrase(keyword)})`;
  }
  if (keywordIndex(keyword) === 'terms') return sql<SqlBool>`page.page_id in ${termHits(dialect, keyword)}`;
  const pattern = likePattern(keyword);
  return sql<SqlBool>`(lower(page.page_title) like ${pattern} escape '\\' or lower(page.page_content) like ${pattern} escape '\\')`;
}

/**
 * A page that matched a keyword. The body is there for the query that selects from it to read where it needs
 * it (a CASE); a query that does not name it never reads it.
 */
export interface MatchedPage {
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title: string;
  s_number: number;
  addtime: number;
  author_uid: number;
  author_username: string;
  page_comments: string;
  page_addtime: number;
  is_draft: number;
  is_del: number;
  ext_info: string;
  page_content: string;
}

/** The page's columns but the id, which each source takes from its index so "newest first" walks the index. */
const HEADER_COLUMNS = sql.raw(
  'p.item_id, p.cat_id, p.page_title, p.s_number, p.addtime, p.author_uid, p.author_username, p.page_comments, p.page_addtime, p.is_draft, p.is_del, p.ext_info, p.page_content',
);

/** The first and last page id of a project: the part of an index a search inside it reads. */
export interface PageSpan {
  first: number;
  last: number;
}

/**
 * Inside one project, the index that drives the search is read between the project's first and last page
 * id only (FTS5 seeks to a rowid range; PostgreSQL starts its backward primary-key walk at the project's
 * last page): an old project no longer walks every newer match of the site before reaching its own pages.
 * The bounds are two seeks in page_item_page_idx (migration 0011), read before the search and passed as
 * values, so PostgreSQL's planner sees how much of the table the span holds and still takes the GIN index
 * for a rare term. Pages of other projects inside the span are read and dropped, so the cost is the span's
 * matches, not the site's. Null: the project has no page.
 */
export async function projectPageSpan(db: Kysely<DB>, itemId: number): Promise<PageSpan | null> {
  // Two subqueries: SQLite answers a lone min() or max() with one index seek, but both in one select
  // walk the project's whole index range (1.7 ms for 10,000 pages).
  const end = (fn: 'min' | 'max') => db.selectFrom('page').select((eb) => eb.fn[fn]('page_id').as('id')).where('item_id', '=', itemId);
  const row = await db.selectNoFrom([end('min').as('first'), end('max').as('last')]).executeTakeFirst();
  return row?.first == null || row.last == null ? null : { first: Number(row.first), last: Number(row.last) };
}

/**
 * The span as a condition on the index's id column. On SQLite both FTS5 queries say `cross join` to keep
 * the index the outer loop: page_item_page_idx returns a project's pages in id order, so the planner
 * would otherwise walk them and probe FTS5 once per page (7–9 s for a common word in a 10,000-page project).
 */
function withinSpan(id: RawBuilder<unknown>, span: PageSpan | undefined): RawBuilder<unknown> {
  // Cast: better-sqlite3 binds every JavaScript number as a REAL, and FTS5 ignores a rowid bound that is
  // not an INTEGER, walking the whole index (SQLite then filters the rows, so only time shows it: a common
  // English word in a 10,000-page project took 50 ms instead of 1.2).
  return span ? sql` and ${id} between cast(${span.first} as integer) and cast(${span.last} as integer)` : sql``;
}

/**
 * The pages that contain the keyword (title or body, case-insensitively; `titleOnly`: the title), as a
 * table to select from, aliased `page` so conditions written for the page table apply. Its `page_id` comes
 * from the index that drives the query, so `order by page.page_id desc limit n` reads the index newest
 * first and stops after n hits instead of visiting (and ranking) every match: a word in most pages costs
 * as little as a rare one. See `keywordIndex` for which index serves which keyword.
 */
export function matchingPages(
  dialect: Dialect,
  keyword: string,
  options: { titleOnly?: boolean; notInTitle?: boolean; itemId?: number; span?: PageSpan } = {},
): AliasedRawBuilder<MatchedPage, 'page'> {
  const how = keywordIndex(keyword);
  if (how === 'terms') {
    // Inside one project the project's term narrows the index itself (see itemTerm).
    const terms = [cjkTerm(keyword, options.titleOnly), ...(options.itemId ? [itemTerm(options.itemId)] : [])];
    // `notInTitle`: the pages a search needs after the title hits, which it has read already.
    const titleTerm = options.notInTitle && !options.titleOnly ? cjkTerm(keyword, true) : null;
    if (dialect === 'sqlite') {
      const query = titleTerm ? `${terms.join(' ')} NOT ${titleTerm}` : terms.join(' ');
      // `cross join`: see withinSpan.
      return sql<MatchedPage>`(select f.rowid as page_id, ${HEADER_COLUMNS} from page_fts_cjk f cross join page p on p.page_id = f.rowid where page_fts_cjk match ${query}${withinSpan(sql`f.rowid`, options.span)})`.as('page');
    }
    // PostgreSQL keeps title terms in a column of their own (migration 0013), without the `t`, so a title
    // test reads a few terms instead of the page's every one (the project is left to the span and the
    // caller's item condition, as reading `terms` for its term would undo that).
    const inTitle = sql`f.title_terms @> array[${cjkTerm(keyword)}::text]`;
    const condition = options.titleOnly
      ? inTitle
      : sql`f.terms @> array[${sql.join(terms.map((term) => sql`${term}::text`))}]${titleTerm ? sql` and not (${inTitle})` : sql``}`;
    // PostgreSQL walks the term table's primary key newest first, filtering by terms: without the span an
    // old project's search read the whole site's rows first (270–885 ms at 100,000 pages).
    return sql<MatchedPage>`(select f.page_id, ${HEADER_COLUMNS} from page_fts_cjk f join page p on p.page_id = f.page_id where ${condition}${withinSpan(sql`f.page_id`, options.span)})`.as('page');
  }
  if (how === 'trigram' && dialect === 'sqlite') {
    const query = options.titleOnly ? `page_title : ${ftsPhrase(keyword)}` : ftsPhrase(keyword);
    return sql<MatchedPage>`(select page_fts.rowid as page_id, ${HEADER_COLUMNS} from page_fts cross join page p on p.page_id = page_fts.rowid where page_fts match ${query}${withinSpan(sql`page_fts.rowid`, options.span)})`.as('page');
  }
  const pattern = likePattern(keyword);
  const body = options.titleOnly ? sql`` : sql` or lower(p.page_content) like ${pattern} escape '\\'`;
  // No span here: with it PostgreSQL walked a 10,000-page project's rows, testing LIKE on each, instead of
  // pg_trgm's index for a rare word (50 ms became 800 ms).
  return sql<MatchedPage>`(select p.page_id, ${HEADER_COLUMNS} from page p where lower(p.page_title) like ${pattern} escape '\\'${body})`.as('page');
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
