import type { SinglePage } from '../../common/answers/page';
import { apiPost } from './client';

/** What `page/createSinglePage` answers when it makes a link (it answers `[]` when it withdraws one). */
export type SinglePageLink = Exclude<SinglePage, unknown[]>;

/** A new single-page link for the page; any earlier link of the page stops working. Editors only. */
export function createSinglePageLink(pageId: number): Promise<SinglePageLink> {
  // `isCreateSiglePage` is ShowDoc's spelling, kept for wire compatibility.
  return apiPost<SinglePageLink>('page/createSinglePage', { page_id: pageId, isCreateSiglePage: 1 });
}

/** Withdraws the page's single-page link. */
export function removeSinglePageLink(pageId: number): Promise<unknown> {
  return apiPost('page/createSinglePage', { page_id: pageId, isCreateSiglePage: 0 });
}

/** The page inside its project, as the reader addresses it. */
export function pageLink(itemRef: string, pageId: number, origin = window.location.origin): string {
  return `${origin}/${itemRef}/${pageId}`;
}

/** The page alone, for anyone with the key (the `/p/{unique_key}` route). */
export function singlePageLink(uniqueKey: string, origin = window.location.origin): string {
  return `${origin}/p/${encodeURIComponent(uniqueKey)}`;
}
