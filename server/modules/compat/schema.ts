import { z } from 'zod';
import { zId, zText } from '../../http/fields.js';

export const ItemOnly = z.object({ item_id: zId });
export type ItemOnlyInput = z.infer<typeof ItemOnly>;

export const SavePushUrl = z.object({ push_url: zText(2000).default('') });
export type SavePushUrlInput = z.infer<typeof SavePushUrl>;
