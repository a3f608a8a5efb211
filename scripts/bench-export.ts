// `npx tsx scripts/bench-export.ts`: export of a 10,000-page project (scripts/seed-project.ts) as a
// markdown zip, as Word for one catalog, and as Word for the whole project when it fits the cap.
// The server runs in this process and the download is read over HTTP and thrown away, so the memory
// numbers are the server's (plus this small client). Reports numbers; asserts nothing.
// BENCH_EXPORT_PAGES / BENCH_EXPORT_CATALOGS change the size; TEST_DATABASE_URL runs it on PostgreSQL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { registerUser } from '../server/test/factories.js';
import { startTestApp } from '../server/test/harness.js';
import { measure } from './lib/measure.js';
import { seedBigProject } from './seed-project.js';

const PAGES = Number(process.env.BENCH_EXPORT_PAGES ?? 10_000);
const CATALOGS = Number(process.env.BENCH_EXPORT_CATALOGS ?? 500);
const MB = 1024 * 1024;

interface Download {
  status: number;
  type: string;
  bytes: number;
  /** The start of the body, for error envelopes. */
  head: string;
}

function download(port: number, path: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let bytes = 0;
        let head = '';
        res.on('data', (chunk: Buffer) => {
          if (bytes < 300) head += chunk.subarray(0, 300).toString('utf8');
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), bytes, head: head.slice(0, 300) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const describeDownload = (result: Download) => (result.type.includes('json') ? `answer ${result.head}` : `${(result.bytes / MB).toFixed(1)} MB ${result.type.split(';')[0] ?? ''}`);

const t = await startTestApp();
try {
  const owner = await registerUser(t);
  const seeded = performance.now();
  const project = await seedBigProject(t.database.db, owner.uid, PAGES, CATALOGS);
  const chapter = await t.database.db
    .selectFrom('catalog')
    .select(['cat_id', 'cat_name'])
    .where('item_id', '=', project.item_id)
    .where('parent_cat_id', '=', 0)
    .orderBy('s_number')
    .executeTakeFirstOrThrow();
  const size = await t.database.db
    .selectFrom('page')
    .select((eb) => [eb.fn.countAll<number>().as('pages'), eb.fn.sum<number>(eb.fn('length', ['page_content'])).as('chars')])
    .where('item_id', '=', project.item_id)
    .executeTakeFirstOrThrow();
  console.log(
    `Folio export bench · ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'} · ${project.pages} pages (${(Number(size.chars) / MB).toFixed(1)} MB of markdown) in ${project.catalogs} catalogs, seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const q = (params: Record<string, string | number>) => new URLSearchParams({ user_token: owner.token, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) }).toString();

  await measure('markdown zip, whole project', () => download(port, `/api/export/markdown?${q({ item_id: project.item_id })}`), describeDownload);
  await measure(`word, one catalog ("${chapter.cat_name.slice(0, 12)}…")`, () => download(port, `/api/export/word?${q({ item_id: project.item_id, cat_id: chapter.cat_id })}`), describeDownload);
  await measure('word, whole project (cap applies)', () => download(port, `/api/export/word?${q({ item_id: project.item_id })}`), describeDownload);
  await measure('markdown zip, again (warm)', () => download(port, `/api/export/markdown?${q({ item_id: project.item_id })}`), describeDownload);
} finally {
  await t.close();
}
