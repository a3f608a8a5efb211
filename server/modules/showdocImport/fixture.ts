import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real ShowDoc 3.9.2 site the tests import (MANIFEST.md beside it lists what it holds). */
export const TEAM_SITE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/reference/showdoc-db/team-site');
export const TEAM_SITE_DB = path.join(TEAM_SITE_DIR, 'showdoc.db.php');

export function sha256File(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

export function sha256(text: string): string {
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A copy of the fixture in a temp folder, so nothing a test does can touch the original. */
export function copyOfTeamSite(): { dir: string; db: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showdoc-site-'));
  const db = path.join(dir, 'showdoc.db.php');
  fs.copyFileSync(TEAM_SITE_DB, db);
  fs.chmodSync(db, 0o644);
  return { dir, db };
}

export function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}
