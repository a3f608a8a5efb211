import { z } from 'zod';
import { zId, zInt } from '../../http/fields.js';
import { defineRoute, requireUser } from '../../http/route.js';
import { empty } from '../../../common/wire.js';
import { RecycleBin } from '../../../common/answers/recycle.js';
import { listRecycleBin, recoverPage } from './service.js';

export const recycleRoutes = [
  defineRoute({
    path: 'recycle/getList',
    // ShowDoc answers `[]` when no project is named.
    input: z.object({ item_id: zInt(0).default(0) }),
    auth: 'required',
    output: RecycleBin,
    handler: (ctx, input) => (input.item_id > 0 ? listRecycleBin(requireUser(ctx), input.item_id) : []),
  }),
  defineRoute({
    path: 'recycle/recover',
    input: z.object({ item_id: zId, page_id: zId }),
    auth: 'required',
    output: empty(),
    handler: (ctx, input) => recoverPage(requireUser(ctx), input.item_id, input.page_id),
  }),
];
