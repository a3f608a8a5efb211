import { ApiError } from '../../http/api-error.js';
import { catalogName, MAX_CATALOG_NAME_CHARS } from '../catalog/name.js';
import { MAX_CATALOGS_PER_ITEM } from '../catalog/tree.js';
import { MAX_CONTENT_CHARS } from '../page/content.js';
import { graphemeCount } from '../page/graphemes.js';
import { MAX_TITLE_CHARS } from '../page/writer.js';
import { MAX_IMPORT_PAGES } from './limits.js';
import { catalogPath } from './page-writer.js';
import type { ImportPlan } from './plan.js';

/**
 * The writer's own rules, checked on the whole plan before the transaction starts, so a bad page late
 * in a big file is refused at once and costs no writes.
 */

const tooLong = (text: string, max: number) => text.length > max && graphemeCount(text, max) > max;

export function validatePlan(plan: ImportPlan): void {
  if (plan.pages.length > MAX_IMPORT_PAGES) throw new ApiError(10101, 'import.tooManyPages', { max: String(MAX_IMPORT_PAGES) });
  // Distinct catalogs first, so a file of 100,000 catalogs is refused before any name is looked at.
  const catalogs = new Map<string, string>();
  for (const path of [...plan.catalogs.map((c) => c.path), ...plan.pages.map((p) => p.path)]) {
    const names = catalogPath(path);
    names.forEach((name, i) => catalogs.set(names.slice(0, i + 1).join('\u0000'), name));
    if (catalogs.size > MAX_CATALOGS_PER_ITEM) throw new ApiError(10100, 'catalog.tooMany', { max: String(MAX_CATALOGS_PER_ITEM) });
  }
  for (const name of catalogs.values()) {
    if (tooLong(name, MAX_CATALOG_NAME_CHARS)) throw new ApiError(10100, 'catalog.nameTooLong', { max: String(MAX_CATALOG_NAME_CHARS) });
    catalogName(name);
  }
  for (const page of plan.pages) {
    if (tooLong(page.title, MAX_TITLE_CHARS)) throw new ApiError(10100, 'page.titleTooLong', { max: String(MAX_TITLE_CHARS) });
    if (page.content.length > MAX_CONTENT_CHARS) throw new ApiError(10100, 'page.contentTooLong', { max: String(MAX_CONTENT_CHARS) });
  }
}
