import { z } from 'zod';
import { zIdList, zInt } from '../../http/fields.js';
import { MAX_UIDS } from './service.js';

// page_id 0 or missing is ShowDoc's 10100 ("invalid input"), which the schema answers.
export const SubscriptionPage = z.object({ page_id: zInt(1) });
export type SubscriptionPageInput = z.infer<typeof SubscriptionPage>;

export const SubscriptionPageUids = z.object({ page_id: zInt(1), uids: zIdList(MAX_UIDS) });
export type SubscriptionPageUidsInput = z.infer<typeof SubscriptionPageUids>;
