import { unescapeEntities } from '../../../common/html-entities.js';
import { ApiError } from '../../http/api-error.js';
import { isRecord, order, text } from './document.js';
import { MAX_DOCUMENT_DEPTH } from './limits.js';
import type { ImportPlan, PlannedCatalog, PlannedPage } from './plan.js';

/**
 * ShowDoc's project JSON (showdoc-behaviour.md §8.1, §8.4): the `info.json` of its markdown export,
 * `prefix_info.json` of older exports, and a bare JSON export. ShowDoc stored text entity-escaped
 * (`&lt;`); Folio stores markdown as written, so the text of a ShowDoc file is unescaped once. Folio's
 * own export writes raw markdown: a file is taken as escaped only when no title, name or body in it
 * has a raw `< > " '` (which ShowDoc's escaping never leaves), or when it says so in `content_escaped`.
 * The visit password in the file is not applied (ShowDoc's exports carry it in clear): imported
 * projects are public.
 */

/**
 * Project types an import may make: regular, single page, RunApi (its pages stay RunApi JSON, read as
 * API pages on the web), spreadsheet. Whiteboards and kanban boards become regular.
 */
const IMPORTABLE_TYPES = new Set([1, 2, 3, 4]);

export function isShowDocJson(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && isRecord(value.pages) && ('item_name' in value || 'item_type' in value) && (Array.isArray(value.pages.pages) || Array.isArray(value.pages.catalogs));
}

const invalid = (field: string) => new ApiError(10101, 'import.showdocInvalid', { field });

function pageOf(raw: unknown, path: string[], where: string, decode: (text: string) => string): PlannedPage {
  if (!isRecord(raw)) throw invalid(where);
  return {
    path,
    title: decode(text(raw.page_title)),
    content: decode(text(raw.page_content)),
    ...(order(raw.s_number) !== undefined ? { sNumber: order(raw.s_number) } : {}),
    comments: decode(text(raw.page_comments)),
  };
}

function listOf(value: unknown, where: string): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  if (!Array.isArray(value)) throw invalid(where);
  return value;
}

const RAW_MARKUP = /[<>"']/;

/** Whether the file holds ShowDoc's escaped text (see above). */
function isEscaped(value: Record<string, unknown>): boolean {
  const flag = text(value.content_escaped);
  if (flag === '0' || flag === '1') return flag === '1';
  let raw = false;
  const visit = (node: unknown, depth: number): void => {
    if (raw || depth > MAX_DOCUMENT_DEPTH) return;
    if (Array.isArray(node)) for (const child of node) visit(child, depth + 1);
    else if (isRecord(node)) {
      for (const key of ['page_title', 'page_content', 'cat_name']) if (RAW_MARKUP.test(text(node[key]))) raw = true;
      visit(node.pages, depth + 1);
      visit(node.catalogs, depth + 1);
    }
  };
  visit(value.pages, 0);
  return !raw;
}

/** The plan of a ShowDoc JSON; `fallbackName` names a project whose file has none. */
export function showDocPlan(value: Record<string, unknown>, fallbackName: string): ImportPlan {
  const tree = value.pages;
  if (!isRecord(tree)) throw invalid('pages');
  const decode = isEscaped(value) ? unescapeEntities : (raw: string) => raw;
  const catalogs: PlannedCatalog[] = [];
  const pages: PlannedPage[] = [];
  // Root pages are inserted, not merged, as ShowDoc does.
  listOf(tree.pages, 'pages.pages').forEach((raw, i) => pages.push({ ...pageOf(raw, [], `pages.pages[${i}]`, decode), insert: true }));

  const visit = (list: unknown[], parent: string[], where: string, depth: number) => {
    if (depth > MAX_DOCUMENT_DEPTH) throw invalid(where);
    list.forEach((raw, i) => {
      const here = `${where}[${i}]`;
      if (!isRecord(raw)) throw invalid(here);
      const name = decode(text(raw.cat_name));
      if (name.trim() === '') throw invalid(`${here}.cat_name`);
      const path = [...parent, name];
      catalogs.push({ path, ...(order(raw.s_number) !== undefined ? { sNumber: order(raw.s_number) } : {}) });
      listOf(raw.pages, `${here}.pages`).forEach((page, j) => pages.push(pageOf(page, path, `${here}.pages[${j}]`, decode)));
      visit(listOf(raw.catalogs, `${here}.catalogs`), path, `${here}.catalogs`, depth + 1);
    });
  };
  visit(listOf(tree.catalogs, 'pages.catalogs'), [], 'pages.catalogs', 0);

  const type = Number(text(value.item_type) || 1);
  const name = decode(text(value.item_name)).trim();
  return {
    project: { name: name || fallbackName, description: decode(text(value.item_description)), itemType: IMPORTABLE_TYPES.has(type) ? type : 1 },
    catalogs,
    pages,
    images: [],
  };
}
