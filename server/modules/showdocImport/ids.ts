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
