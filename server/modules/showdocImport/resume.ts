import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';

/**
 * How an interrupted import goes on: each kind commits in one transaction together with its name in
 * this mark, so a second run of the same command over the same ShowDoc file skips exactly the kinds
 * already in the database and does the rest. The mark is removed when the import ends.
 */
const MARK = 'showdoc_import_progress';

export interface ImportMark {
  /** SHA-256 of the ShowDoc file: a resume only continues the same source. */
  source: string;
  done: string[];
}

/** The fingerprint of a ShowDoc database file (streamed: sites can be hundreds of MB). */
export async function sourceFingerprint(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function readMark(db: Kysely<DB>): Promise<ImportMark | null> {
  const row = await db.selectFrom('options').select('option_value').where('option_name', '=', MARK).executeTakeFirst();
  if (!row) return null;
  try {
    const parsed = JSON.parse(row.option_value) as Partial<ImportMark>;
    return typeof parsed.source === 'string' && Array.isArray(parsed.done) ? { source: parsed.source, done: parsed.done.map(String) } : null;
  } catch {
    return null;
  }
}

export async function writeMark(db: Kysely<DB>, mark: ImportMark): Promise<void> {
  await db.deleteFrom('options').where('option_name', '=', MARK).execute();
  await db.insertInto('options').values({ option_name: MARK, option_value: JSON.stringify(mark) }).execute();
}

export async function clearMark(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('options').where('option_name', '=', MARK).execute();
}
