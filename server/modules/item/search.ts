import type { ItemSearch, SearchHit, SiteSearch } from '../../../common/answers/item.js';
import { RUNAPI_ITEM, searchableText, SPREADSHEET_ITEM, storesStructure } from '../../../common/readable-text.js';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { AuthedCtx, Ctx } from '../../context.js';
import type { Dialect } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import { notKanbanBoardPage } from '../board/board-page.js';
import { keywordIndex, matchingPages, projectPageSpan } from '../../db/page-search.js';
import { reachedScopes, readableCatalogIds, requireVisit, type ItemAccess } from './access.js';
import { keepPlainTexts, type ParsedPage } from './plain-text-cache.js';
import { readableContent } from '../page/content.js';

const MAX_ITEMS = 50;
const MAX_PAGES = 200;
/** Characters of context on each side of the first match in a snippet, as ShowDoc shows them. */
const SNIPPET_CONTEXT = 100;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Moves a cut off the middle of a surrogate pair, so a snippet never holds half an emoji. */
function cutAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return index > 0 && index < text.length && code >= 0xdc00 && code <= 0xdfff ? index - 1 : index;
}

/**
 * Where the keyword first occurs in a text, case-insensitively as the search matches; -1 when it does not.
 * Made once per search: a keyword without letters that have case (Chinese, digits) is found by indexOf,
 * others by one compiled expression.
 */
function firstMatchOf(keyword: string): (text: string) => number {
  if (!keyword) return () => -1;
  if (keyword.toLowerCase() === keyword.toUpperCase()) return (text) => text.indexOf(keyword);
  const pattern = new RegExp(escapeRegExp(keyword), 'iu');
  return (text) => text.search(pattern);
}

/**
 * ShowDoc's snippet: the keyword with up to 100 characters on each side of its first occurrence in the
 * body (the body's start when only the title matched), between ellipses. Case-insensitive as the search
 * is; whitespace runs are folded so a snippet reads as one line.
 */
export function snippet(text: string, keyword: string, firstMatch = firstMatchOf(keyword)): string {
  const at = firstMatch(text);
  const from = Math.max(0, at - SNIPPET_CONTEXT);
  const window = text.slice(cutAt(text, from), cutAt(text, from + keyword.length + 2 * SNIPPET_CONTEXT));
  return `...${window.replace(/\s+/g, ' ')}...`;
}

/** Markdown around the first match that is read for a snippet: a long page is not parsed whole. */
const SNIPPET_SOURCE_CONTEXT = 400;
/**
 * The longest page whose words are parsed whole and kept: a first search meeting 200 pages of several
 * megabytes would otherwise parse them all before answering.
 */
const KEEP_WORDS_UP_TO = 64 * 1024;

/**
 * markdown-it loads with the first search, not at start (issue 21: idle memory); highlight.js never does,
 * snippets are plain text. The promise is kept: an `import()` per snippet goes through module resolution
 * (and the loader hooks of tsx in development) each time, which cost more than cutting the snippet.
 */
let plainTextModule: Promise<typeof import('../../../common/markdown/plain-text.js')> | null = null;
const plainText = () => (plainTextModule ??= import('../../../common/markdown/plain-text.js'));

/**
 * The snippet as a reader sees the page: markdown (also a RunApi page's, which is markdown once read)
 * stripped to its words by common/markdown/plain-text.ts, so `**`, `|` and `[text](url)` never show.
 * A spreadsheet's text is cells already, not markdown. A long text is parsed around its first match only.
 * For structured pages (whose words depend on the reader's language) and long markdown pages; other
 * markdown pages' snippets come from their words kept whole (plain-text-cache.ts).
 */
export async function readableSnippet(itemType: number, text: string, keyword: string): Promise<string> {
  if (itemType === SPREADSHEET_ITEM) return snippet(text, keyword);
  const { markdownPlainText } = await plainText();
  let source = text;
  if (text.length > 2 * SNIPPET_SOURCE_CONTEXT) {
    const at = Math.max(0, firstMatchOf(keyword)(text));
    // Whole lines, so the cut does not split a table row or a link.
    const start = text.lastIndexOf('\n', Math.max(0, at - SNIPPET_SOURCE_CONTEXT)) + 1;
    const endLine = text.indexOf('\n', at + SNIPPET_SOURCE_CONTEXT);
    source = text.slice(start, endLine < 0 ? text.length : endLine);
  }
  return snippet(markdownPlainText(source), keyword);
}

/** A page that matched, with what the callers show of it: its header, its project and a snippet. */
export type PageHit = SearchHit;

/** Drafts are seen by their author only (guests see none, not even open-API drafts by uid 0). */
function draftVisibleTo(uid: number): Expression<SqlBool> {
  return uid > 0 ? sql<SqlBool>`(page.is_draft = 0 or page.author_uid = ${uid})` : sql<SqlBool>`page.is_draft = 0`;
}

/**
 * The catalog limits of the caller, as one SQL condition: pages of limited projects only inside their
 * readable catalogs (catalog ids are unique across projects). Applied in the query, before any row limit,
 * so a limited member's own pages are never crowded out by pages they may not see.
 */
function withinLimits(limitedItemIds: number[], readableCatIds: number[]): Expression<SqlBool> {
  if (limitedItemIds.length === 0) return sql<SqlBool>`1 = 1`;
  const readable = readableCatIds.length ? sql`page.cat_id in (${sql.join(readableCatIds)})` : sql`1 = 0`;
  return sql<SqlBool>`(page.item_id not in (${sql.join(limitedItemIds)}) or ${readable})`;
}

/** Rounds of candidates a search reads when re-checking structured pages drops some (`findPages`). */
const MAX_CANDIDATE_ROUNDS = 4;

/** A matching page as the search query reads it: the hit's columns, its project's type, and what a snippet is cut from. */
type Candidate = Omit<PageHit, 'search_content'> & {
  item_type: number;
  /** The body, read only when the snippet or a re-check needs it ('' otherwise). */
  page_content: string;
  /** The page's kept words (plain-text-cache.ts) around the first match (`keptWordsAround`), or all of them. */
  plain: string | null;
};

/**
 * The part of a page's kept words a snippet is cut from, as an SQL expression: from 120 characters before
 * the keyword's first occurrence, the keyword and 280 more. `snippet` cuts at most 100 UTF-16 units on
 * either side, and a character is one or two units, so it cuts the same from this part as from the whole
 * text; 200 pages' whole words were most of a search's time (issue 21). The occurrence is found as
 * `firstMatchOf` finds it: as is for a keyword without letters that have case (Chinese, digits); for an
 * ASCII keyword in the lowered text, where the two characters outside ASCII that JavaScript's
 * case-insensitive match takes for ASCII letters (U+212A KELVIN SIGN for k, U+017F LONG S for s) are
 * folded too. Null for other keywords (letters with case outside ASCII): their words are read whole.
 */
function keptWordsAround(dialect: Dialect, keyword: string): RawBuilder<string | null> | null {
  const caseless = keyword.toLowerCase() === keyword.toUpperCase();
  // eslint-disable-next-line no-control-regex
  if (!caseless && !/^[\x00-\x7f]*$/.test(keyword)) return null;
  const folded =
    dialect === 'sqlite'
      ? sql`replace(replace(lower(kept.plain), char(8490), 'k'), char(383), 's')`
      : sql`translate(lower(kept.plain), ${'\u212a\u017f'}, 'ks')`;
  const text = caseless ? sql`kept.plain` : folded;
  const needle = caseless ? keyword : keyword.toLowerCase();
  const at = dialect === 'sqlite' ? sql`instr(${text}, ${needle})` : sql`strpos(${text}, ${needle})`;
  const start = dialect === 'sqlite' ? sql`max(1, ${at} - ${SNIPPET_CONTEXT + 20})` : sql`greatest(1, ${at} - ${SNIPPET_CONTEXT + 20})`;
  return sql<string | null>`substr(kept.plain, ${start}, ${[...keyword].length + 2 * SNIPPET_CONTEXT + 180})`;
}

/**
 * Search, best first: pages whose title contains the keyword, then the other matches; each group newest
 * page first (highest page_id). For keywords of three or more characters, title hits come first among
 * the newest matches read (see below), not among all of them. Both lists come from the index in id order with a LIMIT
 * (server/db/page-search.ts), so a word found in 80,000 pages reads about `max` of them instead of
 * ranking them all. One query reads each round of candidates with what their hits show: the header, the
 * kept words around the match (or the body when no words are kept), the project's name.
 *
 * RunApi and spreadsheet pages store JSON: the SQL match on it is only a first filter ("cells" or
 * "method" is in every one of them). Those candidates are kept when their title or their readable text
 * (common/readable-text.ts) has the keyword, and their snippet comes from that text. When some are
 * dropped, the next candidates are read, for at most `MAX_CANDIDATE_ROUNDS` pages of `max`.
 */
async function findPages(ctx: Ctx, itemIds: number[], keyword: string, limits: Expression<SqlBool>, max: number, snippets = true): Promise<PageHit[]> {
  if (itemIds.length === 0) return [];
  // Inside one project the index is read between its first and last page only (page-search.ts).
  const inOne = itemIds.length === 1 ? itemIds[0] : undefined;
  const span = inOne === undefined ? undefined : await projectPageSpan(ctx.db, inOne);
  if (span === null) return [];
  const words = snippets ? await plainText() : null;
  const rules = words?.PLAIN_TEXT_RULES ?? -1;
  const around = words ? keptWordsAround(ctx.dialect, keyword) : null;
  const structured = sql<SqlBool>`item.item_type in (${sql.join([RUNAPI_ITEM, SPREADSHEET_ITEM])})`;
  // Structured pages are re-checked on their readable text; markdown pages need their body only when their words are not kept.
  const needsBody = words ? sql<SqlBool>`(kept.plain is null or ${structured})` : structured;
  const query = (titleOnly: boolean, notInTitle = false, newerThan: number | null = null) =>
    ctx.db
      .selectFrom(matchingPages(ctx.dialect, keyword, { titleOnly, notInTitle, ...(inOne === undefined ? {} : { itemId: inOne, span }) }))
      .innerJoin('item', 'item.item_id', 'page.item_id')
      .leftJoin('page_plain_text as kept', (join) => join.onRef('kept.page_id', '=', 'page.page_id').on('kept.rules', '=', rules))
      .select([
        'page.page_id',
        'page.author_uid',
        'page.author_username',
        'page.item_id',
        'page.cat_id',
        'page.page_title',
        'page.s_number',
        'page.addtime',
        'page.page_comments',
        'page.is_del',
        'page.page_addtime',
        'page.ext_info',
        'page.is_draft',
        'item.item_name',
        'item.item_domain',
        'item.item_type',
        sql<string>`case when ${needsBody} then page.page_content else '' end`.as('page_content'),
        (around ?? sql<string | null>`kept.plain`).as('plain'),
      ])
      // `+`: SQLite then walks the newest pages by id instead of every page of the projects (see below).
      .where(newerThan === null ? sql<SqlBool>`page.item_id in (${sql.join(itemIds)})` : sql<SqlBool>`+page.item_id in (${sql.join(itemIds)})`)
      .$if(newerThan !== null, (q) => q.where('page.page_id', '>=', newerThan ?? 0))
      .where('item.is_del', '=', 0)
      .where('page.is_del', '=', 0)
      .where(draftVisibleTo(ctx.user?.uid ?? 0))
      .where(limits)
      .where(notKanbanBoardPage())
      .orderBy('page.page_id', 'desc');
  const hits: PageHit[] = [];
  const seen = new Set<number>();
  const needle = keyword.toLowerCase();
  const firstMatch = firstMatchOf(keyword);
  const parsed: ParsedPage[] = [];
  const titleFirst = (rows: Candidate[]) => [...rows.filter((r) => r.page_title.toLowerCase().includes(needle)), ...rows.filter((r) => !r.page_title.toLowerCase().includes(needle))];
  const take = async (rows: readonly Candidate[]) => {
    for (const row of rows) {
      if (hits.length === max) return;
      if (seen.has(row.page_id)) continue;
      seen.add(row.page_id);
      let searchContent = '';
      if (storesStructure(row.item_type)) {
        const text = searchableText(row.item_type, row.page_content, ctx.lang);
        if (!row.page_title.toLowerCase().includes(needle) && !text.toLowerCase().includes(needle)) continue;
        if (snippets) searchContent = await readableSnippet(row.item_type, text, keyword);
      } else if (words) {
        let plain = row.plain;
        // A body the old ShowDoc server stored compressed is read as its text, as page/info reads it.
        const text = plain === null ? readableContent(row.page_content) : '';
        if (plain === null && text.length <= KEEP_WORDS_UP_TO) {
          plain = words.markdownPlainText(text);
          // The stored body, as the check before keeping the words compares it.
          parsed.push({ page_id: row.page_id, content: row.page_content, plain });
        }
        searchContent = plain === null ? await readableSnippet(row.item_type, text, keyword) : snippet(plain, keyword, firstMatch);
      }
      hits.push(hitOf(row, searchContent));
    }
  };
  // The CJK term index keeps title terms apart, so title hits are one short index read of their own, and
  // the other matches a second one that leaves them out (all title hits were read when there is room left).
  // A trigram title filter would walk every match of the word, so there title hits go first among the
  // newest `max` matches instead.
  const titleQuery = keywordIndex(keyword) === 'terms';
  if (titleQuery) await take(await query(true).limit(max).execute());
  // A short keyword no index serves ("id") across projects is looked for in the site's newest pages first,
  // newest first, stopping at `max` hits: SQLite otherwise reads every page of the user's projects and sorts
  // them (400 ms at 100,000 pages). When those pages hold fewer hits, they are all read as before.
  if (keywordIndex(keyword) === 'scan' && inOne === undefined && ctx.dialect === 'sqlite') {
    const floor = await newestPagesFloor(ctx.db);
    const recent: Candidate[] = floor === null ? [] : await query(false, false, floor).limit(max).execute();
    if (recent.length === max) await take(titleFirst(recent));
  }
  const any = query(false, titleQuery);
  let read = 0;
  for (let round = 0; round < MAX_CANDIDATE_ROUNDS && hits.length < max; round++) {
    // What is missing; after a round whose re-check dropped pages, a whole `max` again.
    const wanted = round === 0 ? max - hits.length : max;
    const rows: Candidate[] = await any.offset(read).limit(wanted).execute();
    read += rows.length;
    await take(titleFirst(rows.filter((r) => !seen.has(r.page_id))));
    if (rows.length < wanted) break;
  }
  if (words) await keepPlainTexts(ctx, words.PLAIN_TEXT_RULES, parsed);
  return hits;
}

/** How many of the site's newest pages a scan across projects reads before it reads the projects' pages (`findPages`). */
const SCAN_NEWEST_PAGES = 5000;

/** The id of the site's 5,000th newest page (any project, deleted or not), or null for a smaller site. */
async function newestPagesFloor(db: Ctx['db']): Promise<number | null> {
  const row = await db.selectFrom('page').select('page_id').orderBy('page_id', 'desc').limit(1).offset(SCAN_NEWEST_PAGES - 1).executeTakeFirst();
  return row?.page_id ?? null;
}

/** A hit in the key order of ShowDoc's `item/search` pages (the answer's JSON keeps it). */
function hitOf(row: Candidate, searchContent: string): PageHit {
  return {
    page_id: row.page_id,
    author_uid: row.author_uid,
    author_username: row.author_username,
    item_id: row.item_id,
    cat_id: row.cat_id,
    page_title: row.page_title,
    s_number: row.s_number,
    addtime: row.addtime,
    page_comments: row.page_comments,
    is_del: row.is_del,
    page_addtime: row.page_addtime,
    ext_info: row.ext_info,
    is_draft: row.is_draft,
    search_content: searchContent,
    item_name: row.item_name,
    item_domain: row.item_domain,
  };
}

/**
 * One project's pages matching the keyword, as the caller may see them (drafts of others and catalogs
 * outside their limit left out), best first, at most `max`. `snippets: false` leaves `search_content`
 * empty: the search menu of item/info shows no snippet, and cutting 500 of them cost more than the query.
 */
export async function searchItemPages(ctx: Ctx, access: ItemAccess, keyword: string, max = MAX_PAGES, options: { snippets?: boolean } = {}): Promise<PageHit[]> {
  const readable = await readableCatalogIds(ctx, access);
  const limits = readable === null ? withinLimits([], []) : withinLimits([access.item.item_id], [...readable]);
  return findPages(ctx, [access.item.item_id], keyword, limits, max, options.snippets ?? true);
}

/** ShowDoc's `item/search` with an item_id: that project's matching pages. */
export async function searchInItem(ctx: AuthedCtx, itemId: number, keyword: string): Promise<ItemSearch> {
  const access = await requireVisit(ctx, itemId);
  const pages = await searchItemPages(ctx, access, keyword);
  return { item_id: access.item.item_id, item_name: access.item.item_name, pages };
}

/**
 * The project list's search box: matching projects and pages across every project the user reaches
 * (access.ts's list question, which also says where a catalog limit narrows what they read).
 */
export async function searchEverywhere(ctx: AuthedCtx, keyword: string): Promise<SiteSearch> {
  const reached = await reachedScopes(ctx, ctx.user);
  const ids = reached.map((scope) => scope.item.item_id);
  if (ids.length === 0) return { items: [], pages: [] };
  const pattern = `%${escapeLike(keyword.toLowerCase())}%`;
  const like = (column: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;

  const items = await ctx.db
    .selectFrom('item')
    .select(['item_id', 'item_name', 'item_domain', 'item_type', 'item_description'])
    .where('item_id', 'in', ids)
    .where('is_del', '=', 0)
    .where((eb) => eb.or([like('item_name'), like('item_description')]))
    .orderBy('item_id')
    .limit(MAX_ITEMS)
    .execute();

  const limitedItemIds: number[] = [];
  const readableCatIds: number[] = [];
  for (const scope of reached) {
    const readable = await readableCatalogIds(ctx, scope);
    if (readable === null) continue;
    limitedItemIds.push(scope.item.item_id);
    readableCatIds.push(...readable);
  }
  const pages = await findPages(ctx, ids, keyword, withinLimits(limitedItemIds, readableCatIds), MAX_PAGES);
  return { items, pages };
}
