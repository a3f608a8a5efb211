import { z } from 'zod';
import { zId, zInt } from '../../http/fields.js';

/** ShowDoc answers `[]` when no project is named. */
export const RecycleList = z.object({ item_id: zInt(0).default(0) });
export type RecycleListInput = z.infer<typeof RecycleList>;

export const RecoverPage = z.object({ item_id: zId, page_id: zId });
export type RecoverPageInput = z.infer<typeof RecoverPage>;
