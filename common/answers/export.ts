import type { z } from 'zod';
import { empty } from '../wire.js';

/**
 * What the export actions answer (showdoc-behaviour.md §6.17). `export/word` and `export/markdown` answer
 * the file itself.
 */

/** `export/checkMarkdownLimit`: `[]` when the export may go ahead; a refusal is an error code. */
export const ExportAllowed = empty();
export type ExportAllowed = z.infer<typeof ExportAllowed>;
