import { attachmentsKind } from './attachments.js';
import { catalogsKind } from './catalogs.js';
import { changeLogKind } from './change-log.js';
import { itemsKind } from './items.js';
import type { ImportKind } from './job.js';
import { membersKind } from './members.js';
import { messagesKind } from './messages.js';
import { optionsKind } from './options.js';
import { pageExtrasKind } from './page-extras.js';
import { pagesKind } from './pages.js';
import { templatesKind } from './templates.js';
import { unbroughtKind } from './unbrought.js';
import { usersKind } from './users.js';

/**
 * The kinds in the order they run: people before projects, projects before their pages, pages before
 * the files and messages that point at them.
 */
export const importKinds: ImportKind[] = [
  usersKind,
  itemsKind,
  catalogsKind,
  pagesKind,
  pageExtrasKind,
  membersKind,
  templatesKind,
  changeLogKind,
  attachmentsKind,
  messagesKind,
  optionsKind,
  unbroughtKind,
];
