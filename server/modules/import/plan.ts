import type { PageLink } from './zip-page-links.js';

/**
 * What an import will write, built from the upload and checked completely before the database
 * transaction starts: a project, catalogs and pages in order, and images from a zip.
 */

export interface PlannedProject {
  name: string;
  description: string;
  /** 1 regular, 2 single page, 3 RunApi, 4 spreadsheet (what a ShowDoc export may say); anything else is 1. */
  itemType: number;
}

export interface PlannedCatalog {
  /** Names from the top, at most three after `catalogPath`. */
  path: string[];
  sNumber?: number;
}

export interface PlannedPage {
  path: string[];
  title: string;
  content: string;
  sNumber?: number;
  comments?: string;
  /** ShowDoc inserts the root pages of an info.json without looking for a page of the same title. */
  insert?: boolean;
  /** Images of the zip this page links to: the link as written → the entry's path in the zip. */
  images?: Map<string, string>;
  /** A markdown zip's page: its file's path in the zip, so that links of other pages can name it. */
  entry?: string;
  /** Links to other pages of the zip: the link as written → the page it names (zip-page-links.ts). */
  pageLinks?: Map<string, PageLink>;
}

export interface PlannedImage {
  /** Path in the zip. */
  path: string;
  data: Buffer;
}

export interface ImportPlan {
  project: PlannedProject;
  /** Catalogs to make even when no page is in them (ShowDoc exports list them with their order). */
  catalogs: PlannedCatalog[];
  pages: PlannedPage[];
  images: PlannedImage[];
}
