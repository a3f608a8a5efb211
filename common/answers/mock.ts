import { z } from 'zod';
import { empty, int, pageText, rowInt, text } from '../wire.js';

/**
 * What the mock actions answer (showdoc-behaviour.md §6.16). The serving URLs answer the generated JSON
 * itself, not an envelope.
 */

/** `mock/add`: the page's mock address parts (`page_id` is the PHP int ShowDoc read from the request). */
export const MockSaved = z.object({ page_id: int(), path: text(), unique_key: text() });
export type MockSaved = z.infer<typeof MockSaved>;

/**
 * A page's mock row. ShowDoc keeps the template HTML-escaped and its editor unescapes it once, so on
 * ShowDoc's URLs it goes out escaped, like page bodies.
 */
export const PageMock = z.object({
  id: rowInt(),
  unique_key: text(),
  uid: rowInt(),
  page_id: rowInt(),
  item_id: rowInt(),
  view_times: rowInt(),
  template: pageText(),
  addtime: text(),
  last_update_time: text(),
  path: text(),
});
export type PageMock = z.infer<typeof PageMock>;

/** `mock/infoByPageId`: the mock, or `[]` when the page has none. */
export const PageMockInfo = z.union([PageMock, empty()]);
export type PageMockInfo = z.infer<typeof PageMockInfo>;
