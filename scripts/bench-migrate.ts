// `npm run bench:migrate`: builds a synthetic ShowDoc 3.9.2 site of 100,000 pages (the real fixture's
// schema; many projects, catalogs two levels deep, history rows, users, members, a team, stars,
// attachments) and runs `folio import-showdoc` on it into a fresh SQLite site — and into a fresh
// PostgreSQL database when BENCH_PG (or TEST_DATABASE_URL) names a server. Prints wall time, source
// rows per second and the import process's peak RSS; asserts nothing.
//
// BENCH_MIGRATE_PAGES changes the size; BENCH_MIGRATE_KEEP=1 keeps the generated files;
// SHOWDOC_SCHEMA_DB names another ShowDoc database to copy the schema from.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { TEAM_SITE_DB } from '../server/modules/showdocImport/fixture.js';
import { adminQuery, databaseUrl } from '../server/test/template-database.js';

const PAGES = Number(process.env.BENCH_MIGRATE_PAGES ?? 100_000);
const PAGES_PER_ITEM = 200;
const CATALOGS_PER_ITEM = 12;
const USERS = Math.max(50, Math.round(PAGES / 50));
const MEMBERS_PER_ITEM = 4;
/** Three pages in five have an older version in history. */
const HISTORY_IN_FIVE = 3;
const ROOT = path.resolve(import.meta.dirname, '..');

/** ShowDoc stores page text HTML-escaped (htmlspecialchars, ENT_QUOTES). */
function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
}

function pageText(n: number): string {
  return escaped(
    `# 接口 ${n} Endpoint ${n}\n\n**简要描述：** returns record ${n}. Comparison \`a < b && b > c\` and "quotes" 'single'.\n\n` +
      `|参数名|必选|类型|说明|\n|:---|:---|:---|---|\n|id|是|int|记录 ID|\n|fields|否|string|返回字段|\n\n` +
      '```json\n' +
      JSON.stringify({ error_code: 0, data: { id: n, name: `名称 ${n}`, tags: ['a', 'b'], created: '2024-01-01 10:00:00' } }, null, 2) +
      '\n```\n\n' +
      `${'Lorem ipsum dolor sit amet, 中文内容用于测试三字母索引。 '.repeat(12)}\n`,
  );
}

/** A ShowDoc database with the fixture's exact schema (tables, columns, indexes) and no rows. */
function createSchema(file: string): void {
  const schemaSource = new Database(process.env.SHOWDOC_SCHEMA_DB ?? TEAM_SITE_DB, { readonly: true, fileMustExist: true });
  const statements = schemaSource
    .prepare("select sql from sqlite_master where sql is not null and name not like 'sqlite_%' order by case type when 'table' then 0 else 1 end")
    .pluck()
    .all() as string[];
  const adminHash = schemaSource.prepare("select password from user where username = 'showdoc'").pluck().get() as string;
  schemaSource.close();
  const db = new Database(file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  for (const sql of statements) db.exec(sql);
  db.close();
  passwordHash = adminHash;
}

let passwordHash = '';

/** Fills the site: returns the number of rows written, every table counted. */
function fill(file: string): number {
  const db = new Database(file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  let rows = 0;
  const now = 1_790_000_000;
  const run = (statement: Database.Statement, ...args: unknown[]) => {
    statement.run(...args);
    rows += 1;
  };
  db.transaction(() => {
    const user = db.prepare('insert into user (uid, username, groupid, name, password, reg_time, last_login_time, salt, is_sso) values (?, ?, ?, ?, ?, ?, ?, ?, 0)');
    for (let uid = 1; uid <= USERS; uid++) run(user, uid, uid === 1 ? 'showdoc' : `user${uid}`, uid === 1 ? 1 : 2, `用户 ${uid}`, passwordHash, now - uid * 60, now, '');

    const item = db.prepare('insert into item (item_id, item_name, item_description, uid, username, password, addtime, last_update_time, item_domain, item_type, is_archived, is_del) values (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)');
    const catalog = db.prepare('insert into catalog (cat_id, cat_name, item_id, s_number, addtime, parent_cat_id, level) values (?, ?, ?, ?, ?, ?, ?)');
    const page = db.prepare('insert into page (page_id, author_uid, author_username, item_id, cat_id, page_title, page_content, s_number, addtime, page_comments, is_del, page_addtime, ext_info, is_draft) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)');
    const history = db.prepare('insert into page_history (page_id, author_uid, author_username, item_id, cat_id, page_title, page_content, s_number, addtime, page_comments, ext_info) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const member = db.prepare('insert into item_member (item_id, uid, username, addtime, member_group_id, cat_id, cat_ids) values (?, ?, ?, ?, ?, 0, ?)');
    const star = db.prepare('insert into item_star (uid, item_id, s_number, created_at, updated_at) values (?, ?, 0, ?, ?)');
    const upload = db.prepare('insert into upload_file (sign, display_name, file_type, file_size, uid, page_id, item_id, visit_times, addtime, real_url, last_update_time) values (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, 0)');

    const items = Math.ceil(PAGES / PAGES_PER_ITEM);
    let pageId = 100_000_000;
    let catId = 400_000_000;
    for (let i = 0; i < items; i++) {
      const itemId = 700_000_000 + i * 7919;
      const owner = 1 + (i % USERS);
      run(item, itemId, `项目 ${i} Project ${i}`, `Synthetic project ${i}`, owner, owner === 1 ? 'showdoc' : `user${owner}`, i % 10 === 0 ? `pw${i}` : '', now - i, now, i % 25 === 0 ? `domain${i}` : '', i % 50 === 49 ? 1 : 0, i % 97 === 96 ? 1 : 0);
      const cats: number[] = [];
      for (let c = 0; c < CATALOGS_PER_ITEM; c++) {
        const parent = c >= 4 ? (cats[c % 4] ?? 0) : 0;
        catId += 1;
        run(catalog, catId, `目录 ${c} Catalog`, itemId, c, now, parent, parent ? 3 : 2);
        cats.push(catId);
      }
      const limitedTo = String(cats[0]);
      for (let m = 0; m < MEMBERS_PER_ITEM; m++) {
        const uid = 1 + ((i * 13 + m * 7 + 1) % USERS);
        if (uid === owner) continue;
        run(member, itemId, uid, uid === 1 ? 'showdoc' : `user${uid}`, now, m % 3, m === 3 ? limitedTo : '');
      }
      if (i % 3 === 0) run(star, 1 + (i % USERS), itemId, '2024-01-01 10:00:00', '2024-01-01 10:00:00');
      for (let p = 0; p < PAGES_PER_ITEM && pageId - 100_000_000 < PAGES; p++) {
        pageId += 1;
        const n = pageId - 100_000_000;
        const cat = p % 5 === 0 ? 0 : (cats[p % CATALOGS_PER_ITEM] ?? 0);
        const author = 1 + ((n * 31) % USERS);
        const authorName = author === 1 ? 'showdoc' : `user${author}`;
        run(page, pageId, author, authorName, itemId, cat, `页面 ${n} Page ${n}`, pageText(n), p, now - n, '', n % 211 === 0 ? 1 : 0, now - n - 3600, '');
        if (n % 5 < HISTORY_IN_FIVE) {
          run(history, pageId, author, authorName, itemId, cat, `页面 ${n} Page ${n}`, pageText(n).slice(0, 400), p, now - n - 60, `旧版本 ${n}`, '');
        }
        if (n % 1000 === 0) {
          const sign = crypto.createHash('md5').update(String(n)).digest('hex');
          // Files are not copied by the benchmark (no --uploads): each is reported missing, as it would be.
          run(upload, sign, `file-${n}.png`, 'image/png', '1024', author, pageId, itemId, now, `https://docs.example.com/Public/Uploads/2024-01-01/${sign}.png`);
        }
      }
    }
    const option = db.prepare('insert into options (option_name, option_value) values (?, ?)');
    for (const [name, value] of [
      ['register_open', '1'],
      ['history_version_count', '20'],
      ['site_url', 'https://docs.example.com'],
      ['show_watermark', '0'],
    ] as const) {
      run(option, name, value);
    }
    const team = db.prepare('insert into team (id, team_name, uid, username, addtime, last_update_time) values (?, ?, 1, ?, ?, ?)');
    run(team, 1, '平台组 Platform', 'showdoc', now, now);
  })();
  db.close();
  return rows;
}

/** The built command when there is one (what `npm run folio` runs), else the sources through tsx. */
function folioCommand(): string[] {
  const built = path.join(ROOT, 'dist/server/main.js');
  return fs.existsSync(built) && process.env.BENCH_MIGRATE_SOURCES !== '1' ? [built] : ['--import', 'tsx', path.join(ROOT, 'server/main.ts')];
}

interface Run {
  seconds: number;
  peakMb: number;
  exitCode: number;
  tail: string;
}

/** Runs `folio import-showdoc` as a person would (its own process), sampling its peak RSS. */
function importInto(source: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...folioCommand(), 'import-showdoc', source, '--report', path.join(env.DATA_DIR ?? os.tmpdir(), 'report.txt')], {
      cwd: ROOT,
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let peakKb = 0;
    const sample = () => {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
      } catch {
        // Gone already.
      }
    };
    const timer = setInterval(sample, 100);
    const lines: string[] = [];
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '') continue;
        lines.push(line);
        if (lines.length > 40) lines.shift();
        if (/\d+\/\d+/.test(line)) process.stdout.write(`\r  ${line.slice(0, 100).padEnd(100)}`);
      }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      process.stdout.write('\n');
      resolve({ seconds: (performance.now() - started) / 1000, peakMb: peakKb / 1024, exitCode: code ?? -1, tail: lines.join('\n') });
    });
  });
}

function report(label: string, rows: number, result: Run): void {
  console.log(
    `${label.padEnd(12)} ${result.seconds.toFixed(1).padStart(7)} s   ${Math.round(rows / result.seconds)
      .toString()
      .padStart(7)} source rows/s   peak RSS ${result.peakMb.toFixed(0)} MB   exit ${result.exitCode}`,
  );
  // Exit 1 means some rows failed (the synthetic files are missing on purpose); anything else is a problem.
  if (result.exitCode !== 0 && result.exitCode !== 1) console.log(result.tail);
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-migrate-'));
  const source = path.join(dir, 'showdoc.db.php');
  console.log(`Generating a ShowDoc site of ${PAGES} pages in ${dir} …`);
  const generated = performance.now();
  createSchema(source);
  const rows = fill(source);
  console.log(`  ${rows} rows in ${((performance.now() - generated) / 1000).toFixed(1)} s (${(fs.statSync(source).size / 1024 / 1024).toFixed(0)} MB)`);
  fs.chmodSync(source, 0o444);

  console.log(`Importing with node ${folioCommand().join(' ')}`);
  const sqliteDir = path.join(dir, 'folio-sqlite');
  fs.mkdirSync(sqliteDir);
  report('SQLite', rows, await importInto(source, { DATA_DIR: sqliteDir, DATABASE_URL: '' }));

  const pg = process.env.BENCH_PG || process.env.TEST_DATABASE_URL;
  if (pg) {
    const name = `folio_bench_migrate_${crypto.randomBytes(4).toString('hex')}`;
    await adminQuery(pg, `create database "${name}"`);
    const pgDir = path.join(dir, 'folio-pg');
    fs.mkdirSync(pgDir);
    try {
      report('PostgreSQL', rows, await importInto(source, { DATA_DIR: pgDir, DATABASE_URL: databaseUrl(pg, name) }));
    } finally {
      await adminQuery(pg, `drop database if exists "${name}" with (force)`);
    }
  }
  if (process.env.BENCH_MIGRATE_KEEP === '1') console.log(`Kept ${dir}`);
  else fs.rmSync(dir, { recursive: true, force: true });
}

await main();
