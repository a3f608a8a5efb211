import type { AppServices, Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { Lang } from '../../http/language.js';
import { requireVisit, type ItemAccess } from '../item/access.js';
import { firstPage, loadMenu } from '../item/menu.js';
import { readableContent } from './content.js';
import { reachPage } from './page-access.js';
import { reachSharedPage } from './share.js';

/** Regular projects: their pages are markdown (RunApi, spreadsheet and board pages are drawn by the app alone). */
const REGULAR_ITEM = 1;

/** First segments of the app's own addresses (web/App.tsx), which name no project. */
const APP_SEGMENTS: ReadonlySet<string> = new Set(['user', 'item', 'admin', 'prices', 'order', 'message', 'attachment', 'team', 'page', 'p']);

/** Share keys as page/createSinglePage makes them (web/routes/SharedPage.tsx checks the same). */
const SHARE_KEY = /^[A-Za-z0-9]{8,64}$/;

/**
 * The reader's addresses a page can be drawn for (web/App.tsx): a project's page (`/{itemRef}/{pageId}`),
 * a project (`/{itemRef}`, pageId null: the page it opens on), one page alone (`/page/{pageId}`) and a
 * page shared by link (`/p/{key}`). null for any other path.
 */
export type PageAddress =
  | { kind: 'project'; itemRef: string; pageId: number | null }
  | { kind: 'page'; pageId: number }
  | { kind: 'shared'; key: string };

/** Ids are 32-bit; a larger one names no page (and PostgreSQL would fail on it). */
const isId = (id: number) => id >= 1 && id <= 2147483647;

export function pageAddress(pathname: string): PageAddress | null {
  const match = /^\/([^/]+)(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  const [, first, second] = match;
  if (first === 'p') return second !== undefined && SHARE_KEY.test(second) ? { kind: 'shared', key: second } : null;
  const pageId = second === undefined ? null : /^\d{1,10}$/.test(second) ? Number(second) : NaN;
  if (Number.isNaN(pageId) || (pageId !== null && !isId(pageId))) return null;
  if (first === 'page') return pageId === null ? null : { kind: 'page', pageId };
  let itemRef: string;
  try {
    itemRef = decodeURIComponent(first);
  } catch {
    return null;
  }
  return APP_SEGMENTS.has(itemRef.toLowerCase()) ? null : { kind: 'project', itemRef, pageId };
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
async function openingPageId(ctx: Ctx, access: ItemAccess): Promise<number | null> {
  const { menu } = await loadMenu(ctx, access, '');
  return firstPage(menu)?.page_id ?? null;
}

/** A page to draw: its project's name (the header's text, for project addresses) and its words. */
interface Drawable {
  itemName: string | null;
  title: string;
  content: string;
}

async function drawablePage(ctx: Ctx, address: PageAddress): Promise<Drawable | null> {
  if (address.kind === 'shared') {
    const { page, item } = await reachSharedPage(ctx, address.key, 0);
    return item.item_type === REGULAR_ITEM ? { itemName: null, title: page.page_title, content: readableContent(page.page_content) } : null;
  }
  if (address.kind === 'page') {
    const { page, access } = await reachPage(ctx, address.pageId, 'visit');
    return access.item.item_type === REGULAR_ITEM ? { itemName: null, title: page.page_title, content: readableContent(page.page_content) } : null;
  }
  const access = await requireVisit(ctx, address.itemRef);
  const { item } = access;
  if (item.item_type !== REGULAR_ITEM) return null;
  const pageId = address.pageId ?? (await openingPageId(ctx, access));
  if (pageId === null) return null;
  const { page } = await reachPage(ctx, pageId, 'visit', { itemId: item.item_id });
  return { itemName: item.item_name, title: page.page_title, content: readableContent(page.page_content) };
}

/**
 * The page at one of the reader's addresses as anyone may read it (anyone with the link, for `/p/{key}`),
 * for the HTML of that address (issue 21: the title and text show before the app's code has run). null
 * when a stranger may not read it (private project, a draft, another project's page, sign-in required,
 * an expired link) or it is not a markdown page: the HTML is then the app's plain shell. The answers come
 * from the same functions as `page/info`'s and `page/infoByKey`'s.
 */
export async function firstPaintOf(services: AppServices, request: { address: PageAddress; ip: string; lang: Lang }): Promise<FirstPaint | null> {
  const ctx = strangerCtx(services, request.ip, request.lang);
  try {
    const page = await drawablePage(ctx, request.address);
    if (!page) return null;
    // markdown-it loads with the first such page, not at start (idle memory).
    const { firstPaintHtml, firstPaintMarkup, firstPaintTitle } = await import('./first-paint-html.js');
    const markup = firstPaintMarkup({ itemName: page.itemName, title: page.title, ...firstPaintHtml(page.content) });
    return { documentTitle: firstPaintTitle(page.title), markup };
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
