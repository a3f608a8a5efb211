import { z } from 'zod';
import { zId, zInt } from '../../http/fields.js';
import { defineRoute, requireUser } from '../../http/route.js';
import { ChangeLogPage } from '../../../common/answers/changeLog.js';
import { changeLog } from './service.js';

export const changeLogRoutes = [
  defineRoute({
    // ShowDoc serves the log from its item controller; the path stays, the code lives here.
    path: 'item/getChangeLog',
    input: z.object({ item_id: zId, page: zInt(1, 1_000_000).default(1), count: zInt(1, 1_000_000).default(15) }),
    auth: 'required',
    output: ChangeLogPage,
    handler: (ctx, input) => changeLog(requireUser(ctx), input.item_id, input.page, input.count),
  }),
];
