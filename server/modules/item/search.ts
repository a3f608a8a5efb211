import type { ItemSearch, SearchHit, SiteSearch } from '../../../common/answers/item.js';
import { searchableText, SPREADSHEET_ITEM, storesStructure } from '../../../common/readable-text.js';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { AuthedCtx, Ctx } from '../../context.js';
import { escapeLike } from '../../db/like.js';
import { notKanbanBoardPage } from '../board/board-page.js';
import { keywordIndex, matchingPages, projectPageSpan } from '../../db/page-search.js';
import { reachedItems, readableCatalogIds, requireVisit, type ItemAccess } from './access.js';
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
export interface PageHit {
  item_id: number;
  item_name: string;
  item_domain: string;
  page_id: number;
  page_title: string;
  cat_id: number;
  author_uid: number;
  author_username: string;
  page_comments: string;
  is_del: number;
  page_addtime: number;
  addtime: number;
  ext_info: string;
  is_draft: number;
  s_number: number;
  search_content: string;
}

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

type Candidate = Omit<PageHit, 'author_username' | 'page_comments' | 'page_addtime' | 'search_content'> & { item_type: number };
/** `plain`: the page's kept words (plain-text-cache.ts), when kept; its body is then not read. */
type Rest = { page_content: string; plain: string | null; author_username: string; page_comments: string; page_addtime: number };

/**
 * Search, best first: pages whose title contains the keyword, then the other matches; each group newest
 * page first (highest page_id). For keywords of three or more characters, title hits come first among
 * the newest matches read (see below), not among all of them. Both lists come from the index in id order with a LIMIT
 * (server/db/page-search.ts), so a word found in 80,000 pages reads about `max` of them instead of
 * ranking them all. Ranking and filtering read headers only; bodies are read for the candidates, to cut
 * their snippets.
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
  const query = (titleOnly: boolean) =>
    ctx.db
      .selectFrom(matchingPages(ctx.dialect, keyword, { titleOnly, ...(inOne === undefined ? {} : { itemId: inOne, span }) }))
      .innerJoin('item', 'item.item_id', 'page.item_id')
      .select([
        'page.item_id',
        'item.item_name',
        'item.item_domain',
        'item.item_type',
        'page.page_id',
        'page.page_title',
        'page.cat_id',
        'page.author_uid',
        'page.is_del',
        'page.addtime',
        'page.ext_info',
        'page.is_draft',
        'page.s_number',
      ])
      .where('page.item_id', 'in', itemIds)
      .where('item.is_del', '=', 0)
      .where('page.is_del', '=', 0)
      .where(draftVisibleTo(ctx.user?.uid ?? 0))
      .where(limits)
      .where(notKanbanBoardPage())
      .orderBy('page.page_id', 'desc');
  const hits: PageHit[] = [];
  const seen = new Set<number>();
  const needle = keyword.toLowerCase();
  const words = snippets ? await plainText() : null;
  const firstMatch = firstMatchOf(keyword);
  const parsed: ParsedPage[] = [];
  const take = async (rows: Candidate[]) => {
    const rest = await readRest(ctx, rows, words?.PLAIN_TEXT_RULES ?? null);
    for (const { item_type, ...row } of rows) {
      if (hits.length === max) return;
      if (seen.has(row.page_id)) continue;
      seen.add(row.page_id);
      const more = rest.get(row.page_id);
      const content = more?.page_content ?? '';
      let searchContent = '';
      if (storesStructure(item_type)) {
        const text = searchableText(item_type, content, ctx.lang);
        if (!row.page_title.toLowerCase().includes(needle) && !text.toLowerCase().includes(needle)) continue;
        if (snippets) searchContent = await readableSnippet(item_type, text, keyword);
      } else if (words) {
        let plain = more?.plain ?? null;
        // A body the old ShowDoc server stored compressed is read as its text, as page/info reads it.
        const text = plain === null ? readableContent(content) : '';
        if (plain === null && text.length <= KEEP_WORDS_UP_TO) {
          plain = words.markdownPlainText(text);
          // The stored body, as the check before keeping the words compares it.
          parsed.push({ page_id: row.page_id, content, plain });
        }
        searchContent = plain === null ? await readableSnippet(item_type, text, keyword) : snippet(plain, keyword, firstMatch);
      }
      hits.push({
        ...row,
        author_username: more?.author_username ?? '',
        page_comments: more?.page_comments ?? '',
        page_addtime: more?.page_addtime ?? 0,
        search_content: searchContent,
      });
    }
  };
  // The CJK term index keeps title terms apart, so title hits are one short index read of their own.
  // A trigram title filter would walk every match of the word, so there title hits go first among the
  // newest `max` matches instead.
  const titleQuery = keywordIndex(keyword) === 'terms';
  if (titleQuery) await take(await query(true).limit(max).execute());
  const any = query(false);
  const titleFirst = (rows: Candidate[]) => [...rows.filter((r) => r.page_title.toLowerCase().includes(needle)), ...rows.filter((r) => !r.page_title.toLowerCase().includes(needle))];
  for (let round = 0; round < MAX_CANDIDATE_ROUNDS && hits.length < max; round++) {
    const rows: Candidate[] = await any.offset(round * max).limit(max).execute();
    // Reading bodies only for pages not already taken as title hits.
    await take(titleFirst(rows.filter((r) => !seen.has(r.page_id))));
    if (rows.length < max) break;
  }
  if (words) await keepPlainTexts(ctx, words.PLAIN_TEXT_RULES, parsed);
  return hits;
}

/**
 * The rest of each candidate's row, read for the candidates only: the match itself reads headers. Bodies
 * are read for structured pages' re-check, and with `rules` (snippets wanted) for markdown pages whose
 * words made by those rules are not kept (plain-text-cache.ts); item/info's menu needs neither.
 */
async function readRest(ctx: Ctx, rows: readonly Candidate[], rules: number | null): Promise<Map<number, Rest>> {
  const rest = new Map<number, Rest>();
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const structured = chunk.filter((r) => storesStructure(r.item_type)).map((r) => r.page_id);
    const isStructured = structured.length ? sql<SqlBool>`page.page_id in (${sql.join(structured)})` : sql<SqlBool>`1 = 0`;
    const needsBody = rules === null ? isStructured : sql<SqlBool>`(kept.plain is null or ${isStructured})`;
    const found = await ctx.db
      .selectFrom('page')
      .leftJoin('page_plain_text as kept', (join) => join.onRef('kept.page_id', '=', 'page.page_id').on('kept.rules', '=', rules ?? -1))
      .select([
        'page.page_id',
        sql<string>`case when ${needsBody} then page.page_content else '' end`.as('page_content'),
        'kept.plain',
        'page.author_username',
        'page.page_comments',
        'page.page_addtime',
      ])
      .where('page.page_id', 'in', chunk.map((r) => r.page_id))
      .execute();
    for (const b of found) rest.set(b.page_id, b);
  }
  return rest;
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

/** A hit as ShowDoc's `item/search` answers it: the page row without its body, and a snippet. */
function presentHit(hit: PageHit): SearchHit {
  return {
    page_id: hit.page_id,
    author_uid: hit.author_uid,
    author_username: hit.author_username,
    item_id: hit.item_id,
    cat_id: hit.cat_id,
    page_title: hit.page_title,
    s_number: hit.s_number,
    addtime: hit.addtime,
    page_comments: hit.page_comments,
    is_del: hit.is_del,
    page_addtime: hit.page_addtime,
    ext_info: hit.ext_info,
    is_draft: hit.is_draft,
    search_content: hit.search_content,
    item_name: hit.item_name,
    item_domain: hit.item_domain,
  };
}

/** ShowDoc's `item/search` with an item_id: that project's matching pages. */
export async function searchInItem(ctx: AuthedCtx, itemId: number, keyword: string): Promise<ItemSearch> {
  const access = await requireVisit(ctx, itemId);
  const pages = await searchItemPages(ctx, access, keyword);
  return { item_id: access.item.item_id, item_name: access.item.item_name, pages: pages.map(presentHit) };
}

/**
 * The project list's search box: matching projects and pages across every project the user reaches
 * (access.ts's list question, which also says where a catalog limit narrows what they read).
 */
export async function searchEverywhere(ctx: AuthedCtx, keyword: string): Promise<SiteSearch> {
  const reached = await reachedItems(ctx, ctx.user);
  const ids = reached.map((access) => access.item.item_id);
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
  for (const access of reached) {
    const readable = await readableCatalogIds(ctx, access);
    if (readable === null) continue;
    limitedItemIds.push(access.item.item_id);
    readableCatIds.push(...readable);
  }
  const pages = await findPages(ctx, ids, keyword, withinLimits(limitedItemIds, readableCatIds), MAX_PAGES);
  return { items, pages: pages.map(presentHit) };
}
