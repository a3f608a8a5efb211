// Seeds a large account for benchmarks: N projects with M pages each, some catalogs, stars. Bulk inserts
// (a few hundred rows per statement), fifty projects per transaction.
// Usage as a library (scripts/bench.ts) or: npx tsx scripts/seed-large.ts <database-url> <uid> [projects] [pagesPerProject]
import type { Kysely } from 'kysely';
import { openDatabase } from '../server/db/database.js';
import type { DB } from '../server/db/tables.js';
import { BATCH, pageText, pageTitle } from './seed-project.js';

const PROJECTS_PER_TRANSACTION = 50;
const CATALOGS_PER_PROJECT = 5;

export async function seedLargeAccount(db: Kysely<DB>, uid: number, projects = 500, pagesPerProject = 100): Promise<number[]> {
  const user = await db.selectFrom('user').select('username').where('uid', '=', uid).executeTakeFirstOrThrow();
  const now = Math.floor(Date.now() / 1000);
  const itemIds: number[] = [];
  for (let first = 0; first < projects; first += PROJECTS_PER_TRANSACTION) {
    await db.transaction().execute(async (trx) => {
      let pages: {
        item_id: number;
        cat_id: number;
        page_title: string;
        page_content: string;
        s_number: number;
        author_uid: number;
        author_username: string;
        addtime: number;
      }[] = [];
      const flush = async () => {
        if (pages.length) await trx.insertInto('page').values(pages).execute();
        pages = [];
      };
      for (let p = first; p < Math.min(projects, first + PROJECTS_PER_TRANSACTION); p++) {
        const item = await trx
          .insertInto('item')
          .values({ item_name: `Project ${p} ${pageTitle(p)}`, item_description: pageText(p, 40).slice(0, 80), uid, username: user.username, addtime: now, last_update_time: now })
          .returning('item_id')
          .executeTakeFirstOrThrow();
        itemIds.push(item.item_id);
        const cats = await trx
          .insertInto('catalog')
          .values(Array.from({ length: CATALOGS_PER_PROJECT }, (_, c) => ({ item_id: item.item_id, cat_name: `Catalog ${c}`, level: 2, s_number: c, addtime: now })))
          .returning('cat_id')
          .execute();
        for (let i = 0; i < pagesPerProject; i++) {
          const seed = p * 10_007 + i;
          pages.push({
            item_id: item.item_id,
            cat_id: i % 6 === 0 ? 0 : (cats[i % CATALOGS_PER_PROJECT]?.cat_id ?? 0),
            page_title: pageTitle(seed),
            page_content: `${pageText(seed, 300 + (seed % 1400))}\n\nmarker-${p}-${i}`,
            s_number: i,
            author_uid: uid,
            author_username: user.username,
            addtime: now - i,
          });
          if (pages.length === BATCH) await flush();
        }
        if (p % 10 === 0) await trx.insertInto('item_star').values({ uid, item_id: item.item_id }).execute();
      }
      await flush();
    });
  }
  return itemIds;
}

if (process.argv[1]?.endsWith('seed-large.ts')) {
  const [url, uid, projects, pages] = process.argv.slice(2);
  if (!url || !uid) {
    console.error('Usage: npx tsx scripts/seed-large.ts <database-url> <uid> [projects=500] [pagesPerProject=100]');
    process.exit(2);
  }
  const database = openDatabase(url);
  const started = Date.now();
  await seedLargeAccount(database.db, Number(uid), Number(projects ?? 500), Number(pages ?? 100));
  await database.close();
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
