import type { AppServices, Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { Lang } from '../../http/language.js';
import { findLiveItem, requireVisit } from '../item/access.js';
import { firstPage, loadMenu } from '../item/menu.js';
import { reachPage } from './page-access.js';

/** Regular projects: their pages are markdown (RunApi, spreadsheet and board pages are drawn by the app alone). */
const REGULAR_ITEM = 1;

/** First segments of the app's own two-part addresses (web/App.tsx), which name no project. */
const APP_SEGMENTS: ReadonlySet<string> = new Set(['user', 'item', 'admin', 'prices', 'order', 'message', 'attachment', 'team', 'page', 'p']);

/**
 * `/{itemRef}/{pageId}` and `/{itemRef}`, the reader's addresses of a page and of a project (web/App.tsx;
 * pageId null: the page the project opens on), or null for any other path.
 */
export function pageAddress(pathname: string): { itemRef: string; pageId: number | null } | null {
  const match = /^\/([^/]+)(?:\/(\d{1,10}))?\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  const pageId = match[2] === undefined ? null : Number(match[2]);
  let itemRef: string;
  try {
    itemRef = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  // Ids are 32-bit; a larger one names no page (and PostgreSQL would fail on it).
  if (APP_SEGMENTS.has(itemRef.toLowerCase()) || (pageId !== null && (pageId < 1 || pageId > 2147483647))) return null;
  return { itemRef, pageId };
}

/** What goes into the app's HTML: the document title (escaped) and the drawn page. */
export interface FirstPaint {
  documentTitle: string;
  markup: string;
}

/**
 * A visitor with nothing: no login, no visit password. The first paint never reads the request's cookies,
 * so it shows only what anyone may read, and the app, which knows who is there, draws the rest.
 */
function strangerCtx(services: AppServices, ip: string, lang: Lang): Ctx {
  return {
    ...services,
    user: null,
    ip,
    lang,
    files: [],
    secure: false,
    loginCookie: { set: () => undefined, clear: () => undefined },
    visit: { grants: new Map(), grant: () => undefined, passwordParam: null },
  };
}

/** The page a project opens on for a stranger, as the reader picks it: the first of its menu in reading order. */
async function openingPageId(ctx: Ctx, itemId: number): Promise<number | null> {
  const { menu } = await loadMenu(ctx, await requireVisit(ctx, itemId), '');
  return firstPage(menu)?.page_id ?? null;
}

/**
 * The page at `/{itemRef}/{pageId}` (or the one `/{itemRef}` opens on) as anyone may read it, for the
 * HTML of that address (issue 21: the title and text show before the app's code has run). null when a
 * stranger may not read it (private project, a draft, another project's page, sign-in required) or it is
 * not a markdown page: the HTML is then the app's plain shell. The answer comes from the same access
 * function as `page/info`'s.
 */
export async function firstPaintOf(services: AppServices, request: { itemRef: string; pageId: number | null; ip: string; lang: Lang }): Promise<FirstPaint | null> {
  const ctx = strangerCtx(services, request.ip, request.lang);
  try {
    const item = await findLiveItem(ctx, request.itemRef);
    if (!item || item.item_type !== REGULAR_ITEM) return null;
    const pageId = request.pageId ?? (await openingPageId(ctx, item.item_id));
    if (pageId === null) return null;
    const { page } = await reachPage(ctx, pageId, 'visit', { itemId: item.item_id });
    // markdown-it loads with the first such page, not at start (idle memory).
    const { firstPaintHtml, firstPaintMarkup, firstPaintTitle } = await import('./first-paint-html.js');
    const markup = firstPaintMarkup({ itemName: item.item_name, title: page.page_title, ...firstPaintHtml(page.page_content) });
    return { documentTitle: firstPaintTitle(page.page_title), markup };
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
