import type { MockSaved, PageMock, PageMockInfo } from '../../common/answers/mock';
import { apiPost } from './client';

export type { MockSaved, PageMock };

export const mockKeys = {
  page: (pageId: number) => ['pageMock', pageId] as const,
};

/** The page's mock, or null when it has none (`[]` on the wire). */
export async function fetchPageMock(pageId: number, signal?: AbortSignal): Promise<PageMock | null> {
  const answer = await apiPost<PageMockInfo>('mock/infoByPageId', { page_id: pageId }, { signal, silent: true });
  return Array.isArray(answer) ? null : answer;
}

export function saveMock(pageId: number, template: string, path: string): Promise<MockSaved> {
  return apiPost<MockSaved>('mock/add', { page_id: pageId, template, path }, { silent: true });
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
