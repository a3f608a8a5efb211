import { apiPost } from './client';

type Num = number | string;

export interface PageMock {
  id?: Num;
  unique_key: string;
  page_id: Num;
  item_id: Num;
  template: string;
  path: string;
  view_times?: Num;
}

/** The page's mock, or null when it has none (`[]` on the wire). */
export async function fetchPageMock(pageId: number, signal?: AbortSignal): Promise<PageMock | null> {
  const answer = await apiPost<PageMock | []>('mock/infoByPageId', { page_id: pageId }, { signal, silent: true });
  return Array.isArray(answer) ? null : answer;
}

export function saveMock(pageId: number, template: string, path: string): Promise<{ unique_key: string; path: string; page_id: Num }> {
  return apiPost('mock/add', { page_id: pageId, template, path }, { silent: true });
}

/** The project's mock addresses up to the path, as the dialog shows them in front of the path box. */
export function mockPathPrefix(itemId: number, origin = window.location.origin): string {
  return `${origin}/server/mock-path/${itemId}?path=`;
}

/** The project's mock address for a path: what front-end code and curl call. */
export function mockPathUrl(itemId: number, path: string, origin = window.location.origin): string {
  return mockPathPrefix(itemId, origin) + encodeURIComponent(path);
}

export function mockKeyUrl(uniqueKey: string, origin = window.location.origin): string {
  return `${origin}/server/mock-data/${uniqueKey}`;
}
