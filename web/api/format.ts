import { apiPost } from './client';

export const formatKeys = {
  /** The server's preview of a conversion (SQL to table) of one text, in one language. */
  sqlPreview: (lang: 'en' | 'zh', text: string) => ['formatPreview', 'sqlToTable', lang, text] as const,
};

/** `page/sqlToMarkdownTable`: CREATE TABLE statements as ShowDoc's data-dictionary markdown. Parsed, never run. */
export function sqlToMarkdownTable(sql: string, lang: 'en' | 'zh', signal?: AbortSignal): Promise<{ markdown: string }> {
  // `lang` sets the headers' language (ShowDoc's clients send none and get its Chinese ones).
  return apiPost<{ markdown: string }>('page/sqlToMarkdownTable', { sql, lang }, { silent: true, signal });
}
