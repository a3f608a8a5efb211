import { z } from 'zod';
import { zId, zInt, zText } from '../../http/fields.js';
import * as answer from '../../../common/answers/item.js';
import { SuccessFlag } from '../../../common/answers/common.js';
import { InsertedId } from '../../../common/answers/page.js';
import { empty } from '../../../common/wire.js';
import { defineRoute, requireUser } from '../../http/route.js';
import * as keys from './keys.js';
import * as lifecycle from './lifecycle.js';
import * as list from './list.js';
import * as search from './search.js';
import * as visit from './visit.js';

const itemId = z.object({ item_id: zId });
/** An item is named by its id or its personal domain. */
const itemRef = zText(50).pipe(z.string().min(1));
const password = zText(1024).default('');
const name = zText(100);
const description = zText(2000);
const domain = zText(100).default('');

const Add = z.object({
  item_name: name.default(''),
  item_description: description.default(''),
  item_domain: domain,
  password,
  item_type: zInt(0, 6).default(1),
  item_group_id: zInt(0).default(0),
  copy_item_id: zInt(0).default(0),
});

const Update = z.object({
  item_id: zId,
  item_name: name.optional(),
  item_description: description.optional(),
  item_domain: zText(100).optional(),
  password: zText(1024).optional(),
});

export const itemRoutes = [
  defineRoute({
    path: 'item/myList',
    input: z.object({ item_group_id: zInt(-1).default(0), original: zInt(0, 1).default(0) }),
    auth: 'required',
    output: answer.ItemList, handler: (ctx, input) => list.myList(requireUser(ctx), input.item_group_id, input.original === 1),
  }),
  defineRoute({ path: 'item/add', input: Add, auth: 'required', output: answer.ItemCreated, handler: (ctx, input) => lifecycle.addItem(requireUser(ctx), input) }),
  defineRoute({ path: 'item/update', input: Update, auth: 'required', output: SuccessFlag, handler: (ctx, input) => lifecycle.updateItem(requireUser(ctx), input) }),
  defineRoute({ path: 'item/detail', input: itemId, auth: 'required', output: answer.ItemDetail, handler: (ctx, input) => lifecycle.itemDetail(requireUser(ctx), input.item_id) }),
  defineRoute({
    path: 'item/info',
    input: z
      .object({
        item_id: itemRef.optional(),
        item_domain: itemRef.optional(),
        page_id: zInt(0).default(0),
        default_page_id: zInt(0).default(0),
        keyword: zText(200).default('').pipe(z.string().trim()),
      })
      .refine((v) => v.item_id ?? v.item_domain, { path: ['item_id'] }),
    auth: 'optional',
    output: answer.ItemInfo, handler: (ctx, input) =>
      visit.itemInfo(ctx, (input.item_id ?? input.item_domain) as string, { pageId: input.page_id, defaultPageId: input.default_page_id, keyword: input.keyword }),
  }),
  defineRoute({
    path: 'item/search',
    input: z.object({ keyword: zText(200).pipe(z.string().trim().min(1)), item_id: zInt(0).default(0) }),
    auth: 'required',
    output: answer.SearchAnswer, handler: (ctx, input) =>
      input.item_id > 0 ? search.searchInItem(requireUser(ctx), input.item_id, input.keyword) : search.searchEverywhere(requireUser(ctx), input.keyword),
  }),
  defineRoute({ path: 'item/star', input: itemId, auth: 'required', output: InsertedId, handler: (ctx, input) => list.star(requireUser(ctx), input.item_id) }),
  defineRoute({ path: 'item/unstar', input: itemId, auth: 'required', output: empty(), handler: (ctx, input) => list.unstar(requireUser(ctx), input.item_id) }),
  defineRoute({
    path: 'item/sort',
    input: z.object({ data: zText(200_000), item_group_id: zInt(-1).default(0) }),
    auth: 'required',
    output: empty(), handler: (ctx, input) => list.saveSort(requireUser(ctx), input.data, input.item_group_id),
  }),
  defineRoute({ path: 'item/exitItem', input: itemId, auth: 'required', output: empty(), handler: (ctx, input) => list.exitItem(requireUser(ctx), input.item_id) }),
  defineRoute({ path: 'item/getKey', input: itemId, auth: 'required', output: answer.ItemKey, handler: (ctx, input) => keys.getKey(requireUser(ctx), input.item_id) }),
  defineRoute({ path: 'item/resetKey', input: itemId, auth: 'required', output: answer.ItemKey, handler: (ctx, input) => keys.resetKey(requireUser(ctx), input.item_id) }),
  defineRoute({
    path: 'item/archive',
    input: z.object({ item_id: zId, password }),
    auth: 'required',
    output: SuccessFlag, handler: (ctx, input) => lifecycle.archiveItem(requireUser(ctx), input.item_id, input.password),
  }),
  defineRoute({
    path: 'item/delete',
    input: z.object({ item_id: zId, password }),
    auth: 'required',
    output: SuccessFlag, handler: (ctx, input) => lifecycle.deleteItem(requireUser(ctx), input.item_id, input.password),
  }),
  defineRoute({
    path: 'item/attorn',
    input: z.object({ item_id: zId, username: zText(200).pipe(z.string().trim().min(1)), password }),
    auth: 'required',
    output: answer.ItemDetail, handler: (ctx, input) => lifecycle.transferItem(requireUser(ctx), input.item_id, input.username, input.password),
  }),
  defineRoute({
    path: 'item/pwd',
    input: z.object({
      item_id: itemRef.default('0'),
      page_id: zInt(0).default(0),
      password,
      captcha: zText(16).default(''),
      captcha_id: zText(64).default(''),
    }),
    auth: 'optional',
    output: answer.VisitGranted, handler: (ctx, input) => visit.enterVisitPassword(ctx, input),
  }),
];
