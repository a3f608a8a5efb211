import { defineRoute } from '../../http/route.js';
import { ChangeLogPage } from '../../../common/answers/changeLog.js';
import { ChangeLogQuery } from './schema.js';
import { changeLog } from './service.js';

export const changeLogRoutes = [
  defineRoute({
    // ShowDoc serves the log from its item controller; the path stays, the code lives here.
    path: 'item/getChangeLog',
    input: ChangeLogQuery,
    auth: 'required',
    get: 'read',
    output: ChangeLogPage,
    handler: (ctx, input) => changeLog(ctx, input.item_id, input.page, input.count),
  }),
];
