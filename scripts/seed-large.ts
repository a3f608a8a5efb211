// Seeds a large account for benchmarks: N projects with M pages each, some catalogs, stars and members.
// Usage as a library (scripts/bench.ts) or: npx tsx scripts/seed-large.ts <database-url> <uid> [projects] [pagesPerProject]
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { openDatabase } from '../server/db/database.js';
import type { DB } from '../server/db/tables.js';

const WORDS = ['订单', '支付', 'refund', 'invoice', 'user', '用户', 'token', 'webhook', 'catalog', '数据字典', 'status', 'error'];

function text(seed: number, length: number): string {
  const out: string[] = [];
  for (let i = 0; out.join(' ').length < length; i++) out.push(WORDS[(seed * 7 + i * 13) % WORDS.length] ?? 'x');
  return out.join(' ');
}

export async function seedLargeAccount(db: Kysely<DB>, uid: number, projects = 500, pagesPerProject = 100): Promise<void> {
  const user = await db.selectFrom('user').select('username').where('uid', '=', uid).executeTakeFirstOrThrow();
  const now = Math.floor(Date.now() / 1000);
  for (let p = 0; p < projects; p++) {
    await db.transaction().execute(async (trx) => {
      const item = await trx
        .insertInto('item')
        .values({ item_name: `Project ${p} ${WORDS[p % WORDS.length]}`, item_description: text(p, 40), uid, username: user.username, addtime: now, last_update_time: now })
        .returning('item_id')
        .executeTakeFirstOrThrow();
      const cats: number[] = [];
      for (let c = 0; c < 5; c++) {
        const cat = await trx.insertInto('catalog').values({ item_id: item.item_id, cat_name: `Catalog ${c}`, level: 2, addtime: now }).returning('cat_id').executeTakeFirstOrThrow();
        cats.push(cat.cat_id);
      }
      const rows = Array.from({ length: pagesPerProject }, (_, i) => ({
        item_id: item.item_id,
        cat_id: i % 6 === 0 ? 0 : (cats[i % 5] ?? 0),
        page_title: `Page ${p}-${i} ${WORDS[(p + i) % WORDS.length]}`,
        page_content: `# Page ${i}\n\n${text(p * 1000 + i, 1500)}\n\nmarker-${crypto.randomBytes(4).toString('hex')}`,
        s_number: i,
        author_uid: uid,
        author_username: user.username,
        addtime: now,
      }));
      for (let i = 0; i < rows.length; i += 50) await trx.insertInto('page').values(rows.slice(i, i + 50)).execute();
      if (p % 10 === 0) await trx.insertInto('item_star').values({ uid, item_id: item.item_id }).execute();
    });
  }
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
