import { z } from 'zod';
import { zId } from '../../http/fields.js';

/** Both board actions name the project by id. */
export const BoardOfItem = z.object({ item_id: zId });
export type BoardOfItemInput = z.infer<typeof BoardOfItem>;
