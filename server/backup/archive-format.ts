import { z } from 'zod';

/**
 * A Folio backup is one zip file (yazl writes it, yauzl reads it; both already serve export and import):
 *
 *   manifest.json            what is inside (Manifest below); the first entry
 *   database.sqlite          SQLite sites: the `VACUUM INTO` snapshot, a working database file
 *   tables/<table>.jsonl     PostgreSQL sites: one JSON object per row, every table, one snapshot
 *   uploads/<xx>/<32 hex>    every attachment the snapshot's rows name, under its storage key
 *   secret.key               DATA_DIR/secret.key when the site has one (open-API tokens are sealed with it)
 */
export const MANIFEST_ENTRY = 'manifest.json';
export const SQLITE_ENTRY = 'database.sqlite';
export const SECRET_ENTRY = 'secret.key';
export const TABLES_FOLDER = 'tables/';
export const UPLOADS_FOLDER = 'uploads/';

export const FORMAT = 'folio-backup';
export const FORMAT_VERSION = 1;

/** Storage keys as blob-store.ts makes them; nothing else becomes a path on restore. */
export const STORAGE_KEY = /^[0-9a-f]{2}\/[0-9a-f]{32}$/;

export const Manifest = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  folioVersion: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  /** ISO 8601, when the database snapshot was taken. */
  createdAt: z.string(),
  /** Applied migrations, in order: the schema level of the snapshot. */
  migrations: z.array(z.string()),
  /** Rows per table, in insert order (parents first). */
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()), rows: z.number().int().nonnegative() })),
  uploads: z.object({
    count: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    /** Keys a row named but whose file was gone when it was copied (deleted after the snapshot). */
    missing: z.array(z.string()),
  }),
  secretKey: z.boolean(),
});
export type Manifest = z.infer<typeof Manifest>;

export function tableEntry(table: string): string {
  return `${TABLES_FOLDER}${table}.jsonl`;
}

/** A row as JSON carries: Folio's columns are integers, text and nulls on both dialects. */
export type RowValue = string | number | null;
export type Row = Record<string, RowValue>;

export function toRowValue(table: string, column: string, value: unknown): RowValue {
  if (value === null || typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  throw new Error(`${table}.${column} holds a ${typeof value}, which a backup cannot carry`);
}
