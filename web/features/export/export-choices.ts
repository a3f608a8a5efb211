import type { MenuCatalog, MenuPage } from '../../api/reader';
import type { ExportChoice, ExportFormat } from '../../api/export';

/** What the export form holds (seed 001 §5 "Export"). */
export interface ExportFormValues {
  format: ExportFormat;
  /** Word: the whole project, or one catalog (and then all its pages or one of them). */
  scope: 'all' | 'catalog';
  catId?: number;
  /** 0 = all pages of the catalog. */
  pageId: number;
}

export const INITIAL_EXPORT_VALUES: ExportFormValues = { format: 'word', scope: 'all', pageId: 0 };

/** RunApi projects (item_type 3) export to Word only (seed 001 §5). */
export function markdownAllowed(itemType: number): boolean {
  return itemType !== 3;
}

export interface CatalogOption {
  catId: number;
  /** `Top / Sub / Leaf`. */
  label: string;
  /** The catalog's own pages, drafts left out (the server never exports drafts). */
  pages: { pageId: number; title: string }[];
}

const MAX_DEPTH = 20;

/** The menu's catalogs, parents before children, each with its own pages. */
export function catalogOptions(catalogs: readonly MenuCatalog[] | undefined): CatalogOption[] {
  const out: CatalogOption[] = [];
  const walk = (nodes: readonly MenuCatalog[], path: string[]) => {
    for (const node of nodes) {
      const here = [...path, node.cat_name];
      out.push({ catId: node.cat_id, label: here.join(' / '), pages: livePages(node.pages) });
      if (here.length < MAX_DEPTH) walk(node.catalogs, here);
    }
  };
  walk(catalogs ?? [], []);
  return out;
}

function livePages(pages: readonly MenuPage[]): { pageId: number; title: string }[] {
  return pages.filter((page) => page.is_draft !== 1).map((page) => ({ pageId: page.page_id, title: page.page_title }));
}

/** The export the form describes; markdown is always the whole project. */
export function choiceOf(itemId: number, values: ExportFormValues): ExportChoice {
  if (values.format === 'markdown' || values.scope === 'all') return { itemId, format: values.format, catId: 0, pageId: 0 };
  return { itemId, format: 'word', catId: values.catId ?? 0, pageId: values.pageId };
}
