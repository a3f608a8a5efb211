import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { siteSetting } from '../admin/setting-values.js';

/** Seed 001 §9: uploads are limited to 4 MB (the default of the site setting `upload_max_mb`; imports keep it). */
export const UPLOAD_LIMIT = 4 * 1024 * 1024;

/** The 4 MB file plus the multipart envelope and the form fields around it. */
export const UPLOAD_BODY_LIMIT = UPLOAD_LIMIT + 64 * 1024;

/** The most an administrator may allow (`upload_max_mb` is 1–100). */
export const UPLOAD_CEILING = 100 * 1024 * 1024;

/**
 * The attachment routes accept a body up to the ceiling, so whatever the administrator sets can arrive;
 * the site's real limit is checked per request (uploadLimitBytes), after the caller is known.
 */
export const UPLOAD_CEILING_BODY_LIMIT = UPLOAD_CEILING + 64 * 1024;

/** The site's upload limit in bytes, read through the options cache. */
export async function uploadLimitBytes(db: Kysely<DB>): Promise<{ bytes: number; mb: number }> {
  const mb = await siteSetting(db, 'upload_max_mb');
  return { bytes: mb * 1024 * 1024, mb };
}

/** The extensions the administrator allowed on top of the safe list (`upload_extensions`). */
export async function extraUploadExtensions(db: Kysely<DB>): Promise<ReadonlySet<string>> {
  const list = await siteSetting(db, 'upload_extensions');
  return new Set(list.split(',').filter((e) => e !== ''));
}
