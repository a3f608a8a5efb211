import * as answer from '../../../common/answers/item.js';
import { SuccessFlag } from '../../../common/answers/common.js';
import { InsertedId } from '../../../common/answers/page.js';
import { empty } from '../../../common/wire.js';
import { defineRoute } from '../../http/route.js';
import { serveItemInfo } from './info-answer.js';
import * as keys from './keys.js';
import * as lifecycle from './lifecycle.js';
import * as list from './list.js';
import * as schema from './schema.js';
import * as search from './search.js';
import * as visit from './visit.js';

export const itemRoutes = [
  defineRoute({
    path: 'item/myList',
    input: schema.MyItems,
    auth: 'required',
    get: 'read',
    output: answer.ItemList, handler: (ctx, input) => list.myList(ctx, input.item_group_id, input.original === 1),
  }),
  defineRoute({ path: 'item/add', input: schema.AddItem, auth: 'required', output: answer.ItemCreated, handler: (ctx, input) => lifecycle.addItem(ctx, input) }),
  defineRoute({ path: 'item/update', input: schema.UpdateItem, auth: 'required', output: SuccessFlag, handler: (ctx, input) => lifecycle.updateItem(ctx, input) }),
  defineRoute({ path: 'item/detail', input: schema.ItemId, auth: 'required', get: 'read', output: answer.ItemDetail, handler: (ctx, input) => lifecycle.itemDetail(ctx, input.item_id) }),
  defineRoute({
    path: 'item/info',
    input: schema.ItemInfo,
    auth: 'optional',
    get: 'read',
    output: answer.ItemInfo, handler: (ctx, input) =>
      serveItemInfo(ctx, (input.item_id ?? input.item_domain) as string, { pageId: input.page_id, defaultPageId: input.default_page_id, keyword: input.keyword }),
  }),
  defineRoute({
    path: 'item/search',
    input: schema.SearchItems,
    auth: 'required',
    get: 'read',
    output: answer.SearchAnswer, handler: (ctx, input) =>
      input.item_id > 0 ? search.searchInItem(ctx, input.item_id, input.keyword) : search.searchEverywhere(ctx, input.keyword),
  }),
  defineRoute({ path: 'item/star', input: schema.ItemId, auth: 'required', output: InsertedId, handler: (ctx, input) => list.star(ctx, input.item_id) }),
  defineRoute({ path: 'item/unstar', input: schema.ItemId, auth: 'required', output: empty(), handler: (ctx, input) => list.unstar(ctx, input.item_id) }),
  defineRoute({
    path: 'item/sort',
    input: schema.SortItems,
    auth: 'required',
    output: empty(), handler: (ctx, input) => list.saveSort(ctx, input.data, input.item_group_id),
  }),
  defineRoute({ path: 'item/exitItem', input: schema.ItemId, auth: 'required', output: empty(), handler: (ctx, input) => list.exitItem(ctx, input.item_id) }),
  defineRoute({ path: 'item/getKey', input: schema.ItemId, auth: 'required', output: answer.ItemKey, handler: (ctx, input) => keys.getKey(ctx, input.item_id) }),
  defineRoute({ path: 'item/resetKey', input: schema.ItemId, auth: 'required', output: answer.ItemKey, handler: (ctx, input) => keys.resetKey(ctx, input.item_id) }),
  defineRoute({
    path: 'item/archive',
    input: schema.ConfirmedItem,
    auth: 'required',
    output: SuccessFlag, handler: (ctx, input) => lifecycle.archiveItem(ctx, input.item_id, input.password),
  }),
  defineRoute({
    path: 'item/delete',
    input: schema.ConfirmedItem,
    auth: 'required',
    output: SuccessFlag, handler: (ctx, input) => lifecycle.deleteItem(ctx, input.item_id, input.password),
  }),
  defineRoute({
    path: 'item/attorn',
    input: schema.TransferItem,
    auth: 'required',
    output: answer.ItemDetail, handler: (ctx, input) => lifecycle.transferItem(ctx, input.item_id, input.username, input.password),
  }),
  defineRoute({
    path: 'item/pwd',
    input: schema.VisitPassword,
    auth: 'optional',
    output: answer.VisitGranted, handler: (ctx, input) => visit.enterVisitPassword(ctx, input),
  }),
];
