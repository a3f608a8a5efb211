import { parseRunApiDoc } from '../../../common/runapi/parse.js';

/** RunApi projects (item_type 3), whose pages carry what kind of API they are in `ext_info`. */
const RUNAPI_ITEM = 3;

/**
 * ShowDoc's `ext_info` of a RunApi page, derived from its JSON as its page/save does when the client
 * sends none: `{"page_type":"api","api_info":{"method":"post"}}` (WebSocket and SSE pages say so in
 * `page_type`). Menus show the method from it without reading page bodies. '' for any other page.
 */
export function runApiExtInfo(itemType: number, content: string): string {
  if (itemType !== RUNAPI_ITEM) return '';
  const doc = parseRunApiDoc(content);
  if (!doc) return '';
  return JSON.stringify({ page_type: doc.info.type ?? 'api', api_info: { method: (doc.info.method || 'get').toLowerCase() } });
}

/** The `ext_info` to store: the client's when it sent one, else the derived one when there is one (else unchanged). */
export function extInfoToStore(itemType: number, content: string, sent: string | undefined): string | undefined {
  if (sent) return sent;
  return runApiExtInfo(itemType, content) || sent;
}
