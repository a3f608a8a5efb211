/** English texts of RunApi pages (item_type 3) as the reader shows them. The section headings of the page body come from `common/runapi/words.ts`. */
export const runApiEn = {
  method: 'Method',
  request: 'Request',
  copyUrl: 'Copy the URL',
  copied: 'Copied',
  noDescription: 'No description',
  status: 'Status: {{status}}',
  statuses: {
    developing: 'Developing',
    testing: 'Testing',
    done: 'Done',
    needsChange: 'Needs change',
    deprecated: 'Deprecated',
  },
  kinds: {
    websocket: 'WebSocket',
    sse: 'Server-sent events',
  },
};
