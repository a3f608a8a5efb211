import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { DB } from './db/tables.js';

const SITE_KEY = 'site';

/**
 * The site secret: FOLIO_SECRET when the operator gives one; otherwise a random key kept in the database
 * (`folio_site_key`), so every server started with the same DATABASE_URL signs and seals alike (issue 24).
 * The first server to start makes it; servers starting at the same moment all insert-if-absent and then
 * read back the one row that won. A site upgraded from a version that kept DATA_DIR/secret.key adopts that
 * key instead of a new one, so the tokens and open-API keys sealed with it keep working.
 */
export async function loadSiteSecret(config: Config, db: Kysely<DB>): Promise<Buffer> {
  if (config.secret) return crypto.createHash('sha256').update(config.secret).digest();
  const stored = await storedSiteKey(db);
  if (stored) return stored;
  const file = path.join(config.dataDir, 'secret.key');
  const candidate = fs.existsSync(file) ? Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex') : crypto.randomBytes(32);
  await storeSiteKey(db, candidate, 'keep');
  const winner = await storedSiteKey(db);
  if (!winner) throw new Error('The site secret could not be stored in the database.');
  return winner;
}

/** The site key the database holds, or null before the first start (backup and restore read it here). */
export async function storedSiteKey(db: Kysely<DB>): Promise<Buffer | null> {
  const row = await db.selectFrom('folio_site_key').select('value').where('name', '=', SITE_KEY).executeTakeFirst();
  return row ? Buffer.from(row.value, 'hex') : null;
}

/**
 * Writes the site key: `keep` leaves a key already there in place (a start racing another start), `replace`
 * overwrites it (a restore that brings back the backed-up site's key).
 */
export async function storeSiteKey(db: Kysely<DB>, key: Buffer, mode: 'keep' | 'replace'): Promise<void> {
  const row = { name: SITE_KEY, value: key.toString('hex'), created_at: Math.floor(Date.now() / 1000) };
  await db
    .insertInto('folio_site_key')
    .values(row)
    .onConflict((oc) => (mode === 'keep' ? oc.column('name').doNothing() : oc.column('name').doUpdateSet({ value: row.value, created_at: row.created_at })))
    .execute();
}

/** AES-256-GCM, for secrets that must be shown again (open-API tokens). */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptSecret(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Equal-length digests, so neither length nor content leaks through timing. */
export function secretsEqual(a: string, b: string): boolean {
  const da = crypto.createHash('sha256').update(a).digest();
  const db = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(da, db);
}
