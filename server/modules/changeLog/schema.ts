import { z } from 'zod';
import { zId, zInt } from '../../http/fields.js';

export const ChangeLogQuery = z.object({ item_id: zId, page: zInt(1, 1_000_000).default(1), count: zInt(1, 1_000_000).default(15) });
export type ChangeLogQueryInput = z.infer<typeof ChangeLogQuery>;
