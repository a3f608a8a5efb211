import { defineRoute } from '../../http/route.js';
import { empty } from '../../../common/wire.js';
import { RecycleBin } from '../../../common/answers/recycle.js';
import { RecoverPage, RecycleList } from './schema.js';
import { listRecycleBin, recoverPage } from './service.js';

export const recycleRoutes = [
  defineRoute({
    path: 'recycle/getList',
    input: RecycleList,
    auth: 'required',
    get: 'read',
    output: RecycleBin,
    handler: (ctx, input) => (input.item_id > 0 ? listRecycleBin(ctx, input.item_id) : []),
  }),
  defineRoute({
    path: 'recycle/recover',
    input: RecoverPage,
    auth: 'required',
    output: empty(),
    handler: (ctx, input) => recoverPage(ctx, input.item_id, input.page_id),
  }),
];
