import { attachmentsKind } from './attachments.js';
import type { ImportKind } from './job.js';

/**
 * The kinds in the order they run: people before projects, projects before their pages, pages before
 * the files and messages that point at them.
 */
export const importKinds: ImportKind[] = [attachmentsKind];
