import { z } from 'zod';
import { int } from '../wire.js';

/** What the import actions answer (showdoc-behaviour.md §6.17, §8.4–8.5). */

/** `import/auto` and its aliases: the project the pages went into (a PHP int in ShowDoc). */
export const ImportDone = z.object({ item_id: int() });
export type ImportDone = z.infer<typeof ImportDone>;
