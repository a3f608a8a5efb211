// Benchmark data: one large project (10 000 pages in 500 catalogs, three levels deep) and the page text
// generator the other seeds share. Bulk inserts of a few hundred rows per statement, one transaction.
// Usage as a library (scripts/bench.ts) or:
//   npx tsx scripts/seed-project.ts <database-url> <owner-uid> [pages=10000] [catalogs=500]
import type { Kysely } from 'kysely';
import { openDatabase } from '../server/db/database.js';
import type { DB } from '../server/db/tables.js';

/** Words pages are made of: API vocabulary, Chinese terms, and filler; searches in the bench pick from them. */
const TECH = [
  'request', 'response', 'status', 'error', 'token', 'header', 'payload', 'endpoint', 'version', 'timeout', 'retry', 'cursor',
  'invoice', 'refund', 'payment', 'order', 'customer', 'account', 'session', 'catalog', 'schema', 'index', 'query', 'field',
  'string', 'integer', 'boolean', 'array', 'object', 'optional', 'required', 'default', 'example', 'deprecated', 'limit', 'offset',
];
const CHINESE = ['订单', '支付', '用户', '接口', '参数', '返回', '说明', '数据字典', '错误码', '状态', '退款', '发票', '会员', '权限', '请求示例', '响应示例'];
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'qu', 'do', 'fe', 'gi', 'ho', 'ju', 'bri', 'str', 'pl', 'ex'];
/** Appears in about one page in ten; the "common word" of the bench. */
export const COMMON_WORD = 'webhook';

/** A small deterministic random generator (mulberry32), so every run seeds the same text. */
export function randomFrom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)] as T;
}

function word(rand: () => number): string {
  const r = rand();
  if (r < 0.45) return pick(rand, TECH);
  if (r < 0.6) return pick(rand, CHINESE);
  return pick(rand, SYLLABLES) + pick(rand, SYLLABLES) + (rand() < 0.5 ? pick(rand, SYLLABLES) : '');
}

/** A markdown page body of about `length` characters: headings, prose, a parameter table. */
export function pageText(seed: number, length: number): string {
  const rand = randomFrom(seed);
  const lines: string[] = [`# ${word(rand)} ${word(rand)}`, ''];
  let size = 0;
  while (size < length) {
    const sentence = Array.from({ length: 6 + Math.floor(rand() * 10) }, () => word(rand)).join(' ');
    const line = rand() < 0.15 ? `| ${word(rand)} | ${pick(rand, ['string', 'int', 'bool'])} | ${sentence} |` : sentence + '.';
    lines.push(line);
    size += line.length + 1;
  }
  if (rand() < 0.1) lines.push(`Callbacks are sent as a ${COMMON_WORD} to your endpoint.`);
  return lines.join('\n');
}

export function pageTitle(seed: number): string {
  const rand = randomFrom(seed ^ 0x9e3779b9);
  return `${word(rand)} ${word(rand)} ${Math.floor(rand() * 1000)}`;
}

/** Rows per INSERT: well under SQLite's 32 766 bound parameters. */
export const BATCH = 400;

export interface BigProject {
  item_id: number;
  catalogs: number;
  pages: number;
  /** A word that occurs in exactly one page of the project. */
  rareWord: string;
}

/**
 * A project of `pages` pages in `catalogs` catalogs: a tenth of them top level, three tenths one level
 * down, the rest two levels down; a few pages at the root; about one page in a hundred is the owner's draft.
 */
export async function seedBigProject(db: Kysely<DB>, ownerUid: number, pages = 10_000, catalogs = 500, name = 'Big project'): Promise<BigProject> {
  const owner = await db.selectFrom('user').select('username').where('uid', '=', ownerUid).executeTakeFirstOrThrow();
  const now = Math.floor(Date.now() / 1000);
  const rareWord = `rareword${ownerUid}x${pages}`;
  return db.transaction().execute(async (trx) => {
    const item = await trx
      .insertInto('item')
      .values({ item_name: name, item_description: 'Benchmark project', uid: ownerUid, username: owner.username, addtime: now, last_update_time: now })
      .returning('item_id')
      .executeTakeFirstOrThrow();
    const itemId = item.item_id;

    const top = Math.max(1, Math.round(catalogs / 10));
    const middle = Math.max(0, Math.round((catalogs * 3) / 10));
    const bottom = Math.max(0, catalogs - top - middle);
    const level = async (count: number, lvl: number, parents: number[]): Promise<number[]> => {
      const rows = Array.from({ length: count }, (_, i) => ({
        item_id: itemId,
        cat_name: `${lvl === 2 ? 'Chapter' : lvl === 3 ? 'Section' : 'Topic'} ${i + 1} ${pageTitle(lvl * 100_000 + i)}`,
        parent_cat_id: parents.length ? (parents[i % parents.length] as number) : 0,
        level: lvl,
        s_number: i,
        addtime: now,
      }));
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += BATCH) {
        const inserted = await trx.insertInto('catalog').values(rows.slice(i, i + BATCH)).returning('cat_id').execute();
        ids.push(...inserted.map((r) => r.cat_id));
      }
      return ids;
    };
    const level2 = await level(top, 2, []);
    const level3 = await level(middle, 3, level2);
    const level4 = await level(bottom, 4, level3.length ? level3 : level2);
    const all = [...level2, ...level3, ...level4];

    const atRoot = Math.min(pages, 100);
    let batch: { item_id: number; cat_id: number; page_title: string; page_content: string; s_number: number; author_uid: number; author_username: string; addtime: number; page_addtime: number; is_draft: number }[] = [];
    for (let i = 0; i < pages; i++) {
      const catId = i < atRoot ? 0 : (all[i % all.length] ?? 0);
      const seed = itemId * 100_003 + i;
      const content = pageText(seed, 400 + (seed % 1600)) + (i === Math.floor(pages / 2) ? `\n\nThe one page that says ${rareWord}.` : '');
      batch.push({
        item_id: itemId,
        cat_id: catId,
        page_title: pageTitle(seed),
        page_content: content,
        s_number: Math.floor(i / Math.max(1, all.length)),
        author_uid: ownerUid,
        author_username: owner.username,
        addtime: now - (pages - i),
        page_addtime: now - pages,
        is_draft: i % 100 === 99 ? 1 : 0,
      });
      if (batch.length === BATCH) {
        await trx.insertInto('page').values(batch).execute();
        batch = [];
      }
    }
    if (batch.length) await trx.insertInto('page').values(batch).execute();
    return { item_id: itemId, catalogs: all.length, pages, rareWord };
  });
}

if (process.argv[1]?.endsWith('seed-project.ts')) {
  const [url, uid, pages, catalogs] = process.argv.slice(2);
  if (!url || !uid) {
    console.error('Usage: npx tsx scripts/seed-project.ts <database-url> <owner-uid> [pages=10000] [catalogs=500]');
    process.exit(2);
  }
  const database = openDatabase(url);
  const started = Date.now();
  const project = await seedBigProject(database.db, Number(uid), Number(pages ?? 10_000), Number(catalogs ?? 500));
  await database.close();
  console.log(`project ${project.item_id}: ${project.pages} pages in ${project.catalogs} catalogs, seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
