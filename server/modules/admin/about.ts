import path from 'node:path';
import type { AboutSite } from '../../../common/answers/admin.js';
import type { AuthedCtx } from '../../context.js';
import { databaseBytes } from '../../db/sizes.js';
import { FOLIO_VERSION } from '../../version.js';

/** Where the administrator's guide lives in the repository and the package. */
export const ADMIN_DOCS_URL = '/docs/admin.md';

function countOf(ctx: AuthedCtx, table: 'user' | 'item' | 'page') {
  let query = ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (table !== 'user') query = query.where('is_del', '=', 0);
  return query.executeTakeFirstOrThrow().then((row) => Number(row.n));
}

/** `adminSetting/about` (Folio): what the console's "about" panel shows. Counts are of live projects and pages. */
export async function aboutSite(ctx: AuthedCtx): Promise<AboutSite> {
  const [dbBytes, stored, users, items, pages] = await Promise.all([
    databaseBytes(ctx.db, ctx.dialect),
    ctx.db.selectFrom('upload_file').select((eb) => eb.fn.sum<number>('file_size').as('bytes')).executeTakeFirstOrThrow(),
    countOf(ctx, 'user'),
    countOf(ctx, 'item'),
    countOf(ctx, 'page'),
  ]);
  return {
    version: FOLIO_VERSION,
    node_version: process.version,
    database: ctx.dialect,
    database_bytes: dbBytes,
    // Attachments are kept in DATA_DIR/uploads (server/app.ts); an S3 store would report itself here.
    storage: 'local',
    storage_location: path.join(ctx.config.dataDir, 'uploads'),
    storage_bytes: Number(stored.bytes ?? 0),
    uptime_seconds: Math.floor(process.uptime()),
    users,
    items,
    pages,
    docs_url: ADMIN_DOCS_URL,
  };
}
