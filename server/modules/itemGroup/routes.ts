import { noInput } from '../../http/fields.js';
import { defineRoute } from '../../http/route.js';
import { empty } from '../../../common/wire.js';
import { SuccessFlag } from '../../../common/answers/common.js';
import { ItemGroupList, SavedItemGroup } from '../../../common/answers/itemGroup.js';
import { DeleteGroup, SaveGroup, SaveGroupOrder } from './schema.js';
import * as groups from './service.js';

export const itemGroupRoutes = [
  defineRoute({ path: 'itemGroup/getList', input: noInput, auth: 'required', get: 'read', output: ItemGroupList, handler: (ctx) => groups.listGroups(ctx) }),
  defineRoute({ path: 'itemGroup/save', input: SaveGroup, auth: 'required', output: SavedItemGroup, handler: (ctx, input) => groups.saveGroup(ctx, input) }),
  defineRoute({ path: 'itemGroup/delete', input: DeleteGroup, auth: 'required', output: SuccessFlag, handler: (ctx, input) => groups.deleteGroup(ctx, input.id) }),
  defineRoute({
    path: 'itemGroup/saveSort',
    input: SaveGroupOrder,
    auth: 'required',
    output: empty(),
    handler: (ctx, input) => groups.saveGroupOrder(ctx, input.groups),
  }),
];
