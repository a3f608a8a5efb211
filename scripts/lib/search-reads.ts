// The index reads of item/search, without the rest of a request, for the benches' "queries alone" rows
// (scripts/bench.ts, scripts/bench-search.ts): the title hits where the CJK term index keeps titles apart, then
// the other matches, newest first, LIMIT 200, inside the given projects (one project: between its first and
// last page, as server/modules/item/search.ts reads it).
import type { Database } from '../../server/db/database.js';
import { keywordIndex, matchingPages, projectPageSpan } from '../../server/db/page-search.js';

export async function searchIndexReads(database: Database, keyword: string, ids: readonly number[]): Promise<{ title: number; other: number }> {
  const db = database.db;
  const one = ids.length === 1 ? ids[0] : undefined;
  const span = one === undefined ? undefined : ((await projectPageSpan(db, one)) ?? undefined);
  const titleFirst = keywordIndex(keyword) === 'terms';
  const read = (titleOnly: boolean) =>
    db
      .selectFrom(matchingPages(database.dialect, keyword, { titleOnly, notInTitle: titleFirst && !titleOnly, ...(one !== undefined && span ? { itemId: one, span } : {}) }))
      .select(['page.page_id', 'page.page_title'])
      .where('page.item_id', 'in', [...ids])
      .where('page.is_del', '=', 0)
      .orderBy('page.page_id', 'desc')
      .limit(200)
      .execute();
  const title = titleFirst ? (await read(true)).length : 0;
  const other = (await read(false)).length;
  return { title, other };
}
