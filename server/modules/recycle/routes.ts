import { z } from 'zod';
import { zId } from '../../http/fields.js';
import { defineRoute, requireUser } from '../../http/route.js';
import { listRecycleBin, recoverPage } from './service.js';

export const recycleRoutes = [
  defineRoute({
    path: 'recycle/getList',
    input: z.object({ item_id: zId }),
    auth: 'required',
    handler: (ctx, input) => listRecycleBin(requireUser(ctx), input.item_id),
  }),
  defineRoute({
    path: 'recycle/recover',
    input: z.object({ item_id: zId, page_id: zId }),
    auth: 'required',
    handler: (ctx, input) => recoverPage(requireUser(ctx), input.item_id, input.page_id),
  }),
];
