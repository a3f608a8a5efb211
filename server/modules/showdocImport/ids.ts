import type { ImportJob } from './job.js';

/**
 * What the earlier kinds brought, so a later kind keeps only rows whose references exist (Folio has the
 * foreign keys ShowDoc lacks) — also under --dry-run, where nothing is in the database to ask.
 */
export interface ImportedIds {
  /** uid → username */
  users: Map<number, string>;
  /** item_id → item_type */
  items: Map<number, number>;
  /** cat_id → item_id */
  catalogs: Map<number, number>;
  /** page_id → item_id */
  pages: Map<number, number>;
  teams: Set<number>;
  templates: Set<number>;
  messageContents: Set<number>;
}

const registry = new WeakMap<ImportJob, ImportedIds>();

export function importedIds(job: ImportJob): ImportedIds {
  let ids = registry.get(job);
  if (!ids) {
    ids = {
      users: new Map(),
      items: new Map(),
      catalogs: new Map(),
      pages: new Map(),
      teams: new Set(),
      templates: new Set(),
      messageContents: new Set(),
    };
    registry.set(job, ids);
  }
  return ids;
}

/**
 * Going on after an interruption: what the finished kinds brought is read back from Folio's tables
 * (the site held nothing else when the import began).
 */
export async function reloadImportedIds(job: ImportJob): Promise<void> {
  const ids = importedIds(job);
  for (const row of await job.db.selectFrom('user').select(['uid', 'username']).execute()) ids.users.set(row.uid, row.username);
  for (const row of await job.db.selectFrom('item').select(['item_id', 'item_type']).execute()) ids.items.set(row.item_id, row.item_type);
  for (const row of await job.db.selectFrom('catalog').select(['cat_id', 'item_id']).execute()) ids.catalogs.set(row.cat_id, row.item_id);
  for (const row of await job.db.selectFrom('page').select(['page_id', 'item_id']).execute()) ids.pages.set(row.page_id, row.item_id);
}
