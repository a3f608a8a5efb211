import fs from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../../http/api-error.js';
import { newBlobKey } from '../../storage/blob-store.js';
import { UPLOAD_CEILING, extraUploadExtensions } from '../attachment/limits.js';
import { checkUpload } from '../attachment/upload-rules.js';
import type { ImportJob, ImportKind } from './job.js';

const KIND = 'attachments';
/** The report counts rows per source table (report-text.ts): every row of these three is accounted for. */
const FILES = 'upload_file';
const BINDINGS = 'file_page';
const FLOW = 'file_flow';

/** What ShowDoc's `upload_file` holds (every column typed loosely: ShowDoc stores sizes as strings). */
interface SourceFile {
  file_id: number;
  sign: string;
  display_name: string;
  file_type: string;
  file_size: string | number;
  uid: number;
  page_id: number;
  item_id: number;
  visit_times: number;
  addtime: number;
  real_url: string;
  last_update_time: number;
  last_visit_time?: number;
}

interface SourceBinding {
  id: number;
  file_id: number;
  page_id: number;
  item_id: number;
  addtime: string | number;
}

/** visitFile only serves hex signs (attachment/visit.ts); ShowDoc's are md5s. */
const SIGN = /^[0-9a-f]{16,64}$/i;

/** `<anything>/Public/Uploads/<YYYY-MM-DD>/<name>`: the only layout ShowDoc's local storage writes. */
const LOCAL_URL = /\/Public\/Uploads\/(\d{4}-\d{2}-\d{2})\/([A-Za-z0-9_-]+(?:\.[A-Za-z0-9]+)?)(?:[?#].*)?$/;

/**
 * Where a file lives under `--uploads`, or why it cannot be found there. The path is rebuilt from two
 * checked parts, so a crafted `real_url` (`../../etc/passwd`) can never name a file outside the folder.
 */
export function localPathOf(uploadsDir: string, realUrl: string): { file: string } | { why: string } {
  const match = LOCAL_URL.exec(realUrl);
  if (!match?.[1] || !match[2]) return { why: `real_url is not a ShowDoc Public/Uploads file (object storage?): ${realUrl.slice(0, 200)}` };
  return { file: path.join(uploadsDir, match[1], match[2]) };
}

/** ShowDoc's `file_page.addtime` is CHAR: unix seconds in practice, a date string in some versions. */
function timeOf(value: string | number | undefined): number {
  if (typeof value === 'number') return Math.max(0, Math.trunc(value));
  if (!value) return 0;
  if (/^\d+$/.test(value)) return Number(value);
  const parsed = Date.parse(value.replace(' ', 'T') + '+08:00');
  return Number.isFinite(parsed) ? Math.trunc(parsed / 1000) : 0;
}

function hasTable(job: ImportJob, name: string): boolean {
  return job.source.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(name) !== undefined;
}

async function readSource(file: string): Promise<Buffer | { why: string }> {
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return { why: 'not a regular file' };
    if (stat.size > UPLOAD_CEILING) return { why: `larger than ${UPLOAD_CEILING / 1024 / 1024} MB` };
    return await fs.readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { why: code === 'ENOENT' ? 'file missing from --uploads' : `cannot read (${code ?? 'error'})` };
  }
}

interface Checked {
  row: SourceFile;
  data: Buffer;
  displayName: string;
  mime: string;
  bindings: SourceBinding[];
}

/** Reads and checks one file as an upload would be checked; a reason instead when it cannot come over. */
async function checkFile(job: ImportJob, row: SourceFile, extra: ReadonlySet<string>, bindings: SourceBinding[]): Promise<Checked | { why: string }> {
  if (!SIGN.test(row.sign)) return { why: `sign "${row.sign.slice(0, 80)}" is not a hex capability` };
  if (!job.uploadsDir) return { why: 'no --uploads folder given' };
  const where = localPathOf(job.uploadsDir, row.real_url);
  if ('why' in where) return where;
  const data = await readSource(where.file);
  if (!Buffer.isBuffer(data)) return { why: `${data.why}: ${path.relative(job.uploadsDir, where.file)}` };
  try {
    // The name people saw decides the extension rules; the bytes decide the type (as for an upload).
    // A name without an extension (a pasted "image") is checked with the stored file's extension.
    const name = row.display_name.includes('.') ? row.display_name : `${row.display_name || 'file'}${path.extname(where.file)}`;
    const checked = await checkUpload(name, data, { imagesOnly: false, extraExtensions: extra });
    return { row, data, displayName: checked.displayName, mime: checked.mime, bindings };
  } catch (error) {
    if (error instanceof ApiError) return { why: `refused by the upload checks (${error.message})` };
    throw error;
  }
}

/** Pages that exist in Folio, so bindings to pages the import did not bring are reported, not failed on a key. */
async function existingPages(job: ImportJob, pageIds: number[]): Promise<Set<number>> {
  const ids = [...new Set(pageIds.filter((id) => id > 0))];
  if (ids.length === 0) return new Set();
  const rows = await job.db.selectFrom('page').select('page_id').where('page_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.page_id));
}

/**
 * Which of a file's bindings can come over (the page is in Folio, once each), reporting the others.
 * Returns the bindings to write.
 */
async function accountBindings(job: ImportJob, fileId: number, bindings: SourceBinding[]): Promise<SourceBinding[]> {
  const pages = await existingPages(job, bindings.map((b) => b.page_id));
  const seen = new Set<number>();
  const kept: SourceBinding[] = [];
  for (const b of bindings) {
    if (b.page_id === 0) job.report.skipped(BINDINGS, `file_page ${b.id}: file ${fileId} bound to no page (file hub); Folio keeps hub files without a binding`);
    else if (!pages.has(b.page_id)) job.report.skipped(BINDINGS, `file_page ${b.id}: page ${b.page_id} of file ${fileId} is not in Folio; the file is kept, unbound`);
    else if (seen.has(b.page_id)) job.report.skipped(BINDINGS, `file_page ${b.id}: file ${fileId} bound to page ${b.page_id} twice`);
    else {
      seen.add(b.page_id);
      kept.push(b);
      job.report.brought(BINDINGS);
    }
  }
  return kept;
}

/** One file: bytes stored first, then its row and bindings in one transaction; the blob is removed if the rows fail. */
async function bringFile(job: ImportJob, file: Checked): Promise<void> {
  const { row } = file;
  const bindings = await accountBindings(job, row.file_id, file.bindings);
  if (job.dryRun) return;
  const key = newBlobKey();
  await job.storage.put(key, file.data);
  try {
    await job.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('upload_file')
        .values({
          sign: row.sign.toLowerCase(),
          display_name: file.displayName,
          file_type: file.mime,
          file_size: file.data.length,
          uid: row.uid,
          item_id: row.item_id,
          page_id: row.page_id,
          visit_times: row.visit_times,
          addtime: row.addtime,
          real_url: row.real_url,
          last_update_time: row.last_update_time,
          last_visit_time: row.last_visit_time ?? 0,
          storage_key: key,
        })
        .returning('file_id')
        .executeTakeFirstOrThrow();
      for (const b of bindings) {
        await trx.insertInto('file_page').values({ file_id: inserted.file_id, page_id: b.page_id, item_id: b.item_id, addtime: timeOf(b.addtime) }).execute();
      }
    });
  } catch (error) {
    await job.storage.remove(key).catch(() => undefined);
    throw error;
  }
}

/** ShowDoc's monthly download traffic per uploader: kept for users that came over. */
async function bringFlow(job: ImportJob): Promise<void> {
  if (!hasTable(job, 'file_flow')) return;
  const rows = job.source.prepare('select id, uid, used, date_month from file_flow order by id').iterate() as IterableIterator<{ id: number; uid: number; used: number; date_month: string }>;
  for (const flow of rows) {
    const user = await job.db.selectFrom('user').select('uid').where('uid', '=', flow.uid).executeTakeFirst();
    if (!user) {
      job.report.skipped(FLOW, `file_flow ${flow.id}: user ${flow.uid} is not in Folio`);
      continue;
    }
    if (!job.dryRun) {
      await job.db
        .insertInto('file_flow')
        .values({ uid: flow.uid, used: Number(flow.used) || 0, date_month: String(flow.date_month) })
        .onConflict((oc) => oc.columns(['uid', 'date_month']).doUpdateSet({ used: Number(flow.used) || 0 }))
        .execute();
    }
    job.report.brought(FLOW);
  }
}

/**
 * ShowDoc's `upload_file` and `file_page`: every file copied from `--uploads` into Folio's storage
 * through the same content checks as an upload, its `sign` kept so `visitFile&sign=…` links in pages
 * keep working. Files that fail are listed in the report, never silently dropped. A file whose sign is
 * already in Folio counts as brought, so a second run after an interruption finishes the rest.
 */
export const attachmentsKind: ImportKind = {
  name: KIND,
  tables: ['upload_file', 'file_page', 'file_flow'],
  async run(job) {
    if (!hasTable(job, 'upload_file')) return;
    const extra = await extraUploadExtensions(job.db);
    const withBindings = hasTable(job, 'file_page');
    const bindingsOf = withBindings ? job.source.prepare('select id, file_id, page_id, item_id, addtime from file_page where file_id = ? order by id') : null;
    const total = (job.source.prepare('select count(*) as n from upload_file').get() as { n: number }).n;
    const rows = job.source.prepare('select * from upload_file order by file_id').iterate() as IterableIterator<SourceFile>;
    let done = 0;
    const signsThisRun = new Set<string>();
    for (const row of rows) {
      done += 1;
      if (done % 500 === 0) job.progress(`attachments: ${done}/${total}`);
      // Older ShowDoc versions had no file_page: the page named on the file was its binding.
      const bindings = bindingsOf
        ? (bindingsOf.all(row.file_id) as SourceBinding[])
        : row.page_id > 0
          ? [{ id: 0, file_id: row.file_id, page_id: row.page_id, item_id: row.item_id, addtime: row.addtime }]
          : [];
      const already = SIGN.test(row.sign) ? await job.db.selectFrom('upload_file').select('file_id').where('sign', '=', row.sign.toLowerCase()).executeTakeFirst() : undefined;
      if (signsThisRun.has(row.sign.toLowerCase())) {
        job.report.failed(FILES, `upload_file ${row.file_id} "${row.display_name}": sign ${row.sign} is used by an earlier file of this site, and a sign must name one file`);
        for (const b of bindings) job.report.skipped(BINDINGS, `file_page ${b.id}: its file ${row.file_id} did not come over`);
        continue;
      }
      signsThisRun.add(row.sign.toLowerCase());
      if (already) {
        // Brought by an earlier run, with its bindings in the same transaction.
        await accountBindings(job, row.file_id, bindings);
        job.report.brought(FILES);
        continue;
      }
      const checked = await checkFile(job, row, extra, bindings);
      if ('why' in checked) {
        job.report.failed(FILES, `upload_file ${row.file_id} "${row.display_name}" (sign ${row.sign}): ${checked.why}`);
        for (const b of bindings) job.report.skipped(BINDINGS, `file_page ${b.id}: its file ${row.file_id} did not come over`);
        continue;
      }
      await bringFile(job, checked);
      job.report.brought(FILES);
    }
    if (withBindings) {
      const orphans = job.source.prepare('select id, file_id from file_page where file_id not in (select file_id from upload_file)').all() as { id: number; file_id: number }[];
      for (const o of orphans) job.report.skipped(BINDINGS, `file_page ${o.id}: file ${o.file_id} is not in upload_file`);
    }
    await bringFlow(job);
  },
};

