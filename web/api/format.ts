import { apiPost } from './client';

/** `page/sqlToMarkdownTable`: CREATE TABLE statements as ShowDoc's data-dictionary markdown. Parsed, never run. */
export function sqlToMarkdownTable(sql: string): Promise<{ markdown: string }> {
  return apiPost<{ markdown: string }>('page/sqlToMarkdownTable', { sql }, { silent: true });
}
