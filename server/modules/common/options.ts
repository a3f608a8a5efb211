import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';

/** Site-wide settings in ShowDoc's `options` table: string values, absent = default. */
export type OptionName =
  | 'register_open'
  | 'home_page'
  | 'home_item'
  | 'beian'
  | 'history_version_count'
  | 'show_watermark'
  | 'force_login'
  | 'site_url'
  | 'open_api_key'
  | 'open_api_host'
  | 'ai_model_name'
  | 'oss_open'
  | 'oss_setting'
  | 'ldap_open'
  | 'ldap_form'
  | 'oauth2_open'
  | 'oauth2_form'
  | 'login_secret_key'
  | 'create_sample'
  | 'strong_password_enabled'
  // Folio: collaborators per project (members), set by the admin; absent or 0 = unlimited.
  | 'item_member_max'
  // Folio: the largest upload in MB and extra allowed extensions (server/modules/attachment/limits.ts).
  | 'upload_max_mb'
  | 'upload_extensions'
  // Folio: the editor's AI assistant (server/modules/ai/settings.ts); open_ai_host/open_ai_key are ShowDoc's names.
  | 'ai_open'
  | 'open_ai_host'
  | 'open_ai_key'
  | 'ai_system_prompt'
  | 'ai_max_message_length'
  | 'ai_timeout'
  // Folio: whether a secret-key link may create an account that does not exist yet ('1'), off by default.
  | 'login_secret_create_user';

/**
 * The options table is read on hot paths (force_login on every project read), so each process keeps a
 * copy of the whole table for OPTIONS_CACHE_MS and then reads it again. The process that writes through
 * writeOption(s) drops its copy at once, so its next request sees the change; other Folio processes on
 * the same PostgreSQL see it when their copy expires, at most OPTIONS_CACHE_MS later. That short window
 * is the whole cost of several processes agreeing without a message bus.
 *
 * The lifetime is measured on the process's own clock (Date.now), not the request clock: it is about
 * freshness of memory, not business time, and a test's frozen clock must not freeze the cache.
 * Reads inside a transaction go to the database: they see the transaction's own view.
 */
export const OPTIONS_CACHE_MS = 3000;

interface Snapshot {
  values: ReadonlyMap<string, string>;
  loadedAt: number;
}

interface Cache {
  /** Bumped by every write, so a load that started before a write never stores its older answer. */
  generation: number;
  current: Snapshot | null;
  loading: Promise<Snapshot> | null;
}

// Keyed by the database handle, so several apps in one process (tests) never share a copy.
const caches = new WeakMap<Kysely<DB>, Cache>();

function cacheOf(db: Kysely<DB>): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { generation: 0, current: null, loading: null };
    caches.set(db, cache);
  }
  return cache;
}

async function loadTable(db: Kysely<DB>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('options').select(['option_name', 'option_value']).execute();
  return new Map(rows.map((r) => [r.option_name, r.option_value]));
}

async function snapshotOf(db: Kysely<DB>): Promise<ReadonlyMap<string, string>> {
  if (db.isTransaction) return loadTable(db);
  const cache = cacheOf(db);
  const now = Date.now();
  if (cache.current && now - cache.current.loadedAt < OPTIONS_CACHE_MS) return cache.current.values;
  if (!cache.loading) {
    const generation = cache.generation;
    const loading = loadTable(db).then((values) => {
      const snapshot = { values, loadedAt: now };
      if (cache.generation === generation) cache.current = snapshot;
      return snapshot;
    });
    cache.loading = loading;
    // Whatever happens, the next reader starts a fresh load; a failed load is not remembered.
    void loading.then(
      () => (cache.loading === loading ? (cache.loading = null) : null),
      () => (cache.loading === loading ? (cache.loading = null) : null),
    );
  }
  return (await cache.loading).values;
}

/**
 * Drops this process's copy of the options of `db`. writeOption(s) call it; code (or a test) that
 * writes the table by other means must call it too.
 */
export function forgetCachedOptions(db: Kysely<DB>): void {
  const cache = cacheOf(db);
  cache.generation += 1;
  cache.current = null;
  cache.loading = null;
}

export async function readOptions<N extends OptionName>(db: Kysely<DB>, names: readonly N[]): Promise<Partial<Record<N, string>>> {
  if (names.length === 0) return {};
  const table = await snapshotOf(db);
  const out: Partial<Record<N, string>> = {};
  for (const name of names) {
    const value = table.get(name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

export async function readOption(db: Kysely<DB>, name: OptionName): Promise<string | undefined> {
  return (await readOptions(db, [name]))[name];
}

export async function writeOption(db: Kysely<DB>, name: OptionName, value: string): Promise<void> {
  await writeOptions(db, { [name]: value });
}

/** Writes several options in one transaction, then drops this process's cached copy. */
export async function writeOptions(db: Kysely<DB>, values: Partial<Record<OptionName, string>>): Promise<void> {
  const entries = Object.entries(values).filter((e): e is [OptionName, string] => e[1] !== undefined);
  if (entries.length === 0) return;
  const write = async (trx: Kysely<DB>) => {
    for (const [name, value] of entries) {
      await trx
        .insertInto('options')
        .values({ option_name: name, option_value: value })
        .onConflict((oc) => oc.column('option_name').doUpdateSet({ option_value: value }))
        .execute();
    }
  };
  try {
    if (db.isTransaction) await write(db);
    else await db.transaction().execute(write);
  } finally {
    // Also after a failure: part of a write may have landed outside a transaction's view.
    if (!db.isTransaction) forgetCachedOptions(db);
  }
}
