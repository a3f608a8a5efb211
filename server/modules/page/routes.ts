import { MAX_BODY_LIMIT } from '../../http/dispatch.js';
import { defineRoute } from '../../http/route.js';
import { pageDiff, pageHistory, updateHistoryComments } from './history.js';
import { isLock, setLock, takeOverLock } from './lock.js';
import { pageInfo } from './read.js';
import { deletePage } from './remove.js';
import { savePage } from './save.js';
import { empty } from '../../../common/wire.js';
import * as answer from '../../../common/answers/page.js';
import { SuccessFlag } from '../../../common/answers/common.js';
import * as schema from './schema.js';
import { createSinglePage, pageByShareKey } from './share.js';
import { sortPages } from './sort.js';

export const pageRoutes = [
  defineRoute({ path: 'page/info', input: schema.PageInfo, auth: 'optional', get: 'read', output: answer.PageInfo, handler: (ctx, input) => pageInfo(ctx, input.page_id, input.with_path) }),
  defineRoute({
    path: 'page/infoByKey',
    input: schema.PageInfoByKey,
    // Optional, not none: with the site setting force_login a shared page needs a logged-in reader.
    auth: 'optional',
    get: 'read',
    // Plenty for readers, useless for guessing 128-bit keys.
    rateLimit: { per: 'ip', max: 300, windowMs: 60_000 },
    output: answer.SharedPage,
    handler: (ctx, input) => pageByShareKey(ctx, input.unique_key, input.page_id),
  }),
  defineRoute({ path: 'page/save', input: schema.PageSave, auth: 'required', bodyLimit: MAX_BODY_LIMIT, output: answer.PageSaved, handler: (ctx, input) => savePage(ctx, input) }),
  defineRoute({ path: 'page/delete', input: schema.PageDelete, auth: 'required', output: empty(), handler: (ctx, input) => deletePage(ctx, input.page_id, input.item_id) }),
  defineRoute({ path: 'page/sort', input: schema.PageSort, auth: 'required', output: empty(), handler: (ctx, input) => sortPages(ctx, input.item_id, input.pages) }),
  defineRoute({ path: 'page/history', input: schema.PageHistoryList, auth: 'optional', get: 'read', output: answer.PageHistory, handler: (ctx, input) => pageHistory(ctx, input.page_id) }),
  defineRoute({
    path: 'page/updateHistoryComments',
    input: schema.PageHistoryComments,
    auth: 'required',
    output: SuccessFlag,
    handler: (ctx, input) => updateHistoryComments(ctx, input.page_id, input.page_history_id, input.page_comments),
  }),
  defineRoute({ path: 'page/diff', input: schema.PageDiff, auth: 'optional', get: 'read', output: answer.PageDiff, handler: (ctx, input) => pageDiff(ctx, input.page_id, input.page_history_id) }),
  defineRoute({
    path: 'page/createSinglePage',
    input: schema.PageShare,
    auth: 'required',
    output: answer.SinglePage,
    handler: (ctx, input) => createSinglePage(ctx, input.page_id, input.isCreateSiglePage ?? input.is_create_siglepage ?? false, input.expire_days),
  }),
  defineRoute({
    path: 'page/setLock',
    input: schema.PageSetLock,
    auth: 'required',
    output: answer.InsertedId,
    handler: (ctx, input) => setLock(ctx, input.page_id, input.item_id, { lockTo: input.lock_to, lockSeconds: input.lock_seconds }),
  }),
  defineRoute({
    path: 'page/takeOverLock',
    input: schema.PageTakeOverLock,
    auth: 'required',
    output: answer.InsertedId,
    handler: (ctx, input) => takeOverLock(ctx, input.page_id, input.item_id, { lockSeconds: input.lock_seconds }),
  }),
  defineRoute({ path: 'page/isLock', input: schema.PageIsLock, auth: 'optional', get: 'read', output: answer.PageLockState, handler: (ctx, input) => isLock(ctx, input.page_id, input.item_id) }),
];
