import type { ImportKind } from './job.js';
import { countRows } from './source.js';

/** ShowDoc tables with no counterpart in Folio, and why; their rows are counted as skipped. */
export const UNBROUGHT_TABLES: Record<string, string> = {
  '<?php ': "ShowDoc's guard against serving the file as PHP; always empty",
  sqlite_sequence: "SQLite's own bookkeeping; Folio keeps its id sequences itself",
  captcha: 'captchas live minutes',
  ai_chat_messages: 'Folio has no AI assistant',
  ai_chat_sessions: 'Folio has no AI assistant',
  item_ai_config: 'Folio has no AI assistant',
  user_ai_token: 'Folio has no AI assistant',
  user_setting: 'per-user ShowDoc client preferences with no Folio meaning',
  kanban_activity_log: 'Folio shows kanban boards read-only and keeps no activity log for them',
  item_variable: 'RunApi environment variables: Folio has no RunApi debugger',
  runapi_env: 'RunApi environments: Folio has no RunApi debugger',
  runapi_env_selectd: 'RunApi environments: Folio has no RunApi debugger',
  runapi_global_param: 'RunApi global parameters: Folio has no RunApi debugger',
  runapi_flow: 'RunApi automated test flows: Folio has no RunApi debugger',
  runapi_flow_page: 'RunApi automated test flows: Folio has no RunApi debugger',
  runapi_db_config: 'RunApi database connections: Folio has no RunApi debugger',
  parameter_description_entry: "RunApi's parameter dictionary: Folio has no RunApi debugger",
};

export const unbroughtKind: ImportKind = {
  name: 'not brought',
  tables: Object.keys(UNBROUGHT_TABLES),
  run(job) {
    for (const [table, why] of Object.entries(UNBROUGHT_TABLES)) job.report.skippedAll(table, countRows(job.source, table), why);
    return Promise.resolve();
  },
};
