import { KEPT_PASSWORD, type ItemDetail } from '../../../common/answers/item.js';
import type { AuthedCtx, Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { confirmLoginPassword } from '../user/confirm-password.js';
import { hashPassword } from '../user/password.js';
import { usernameKey } from '../user/username.js';
import { requireManage, requireOwner } from './access.js';
import { isUniqueViolation } from '../../db/errors.js';
import { bumpItemStamps } from '../../db/locks.js';
import { checkItemDomain } from './domain.js';
import { presentDetail } from './presenter.js';
import { copyItemContent } from './copy.js';
import { addItemToGroup, groupIdsContaining } from './groups.js';

export const CREATABLE_TYPES = [1, 2, 4] as const;
const MAX_VISIT_PASSWORD_BYTES = 100;

export interface AddInput {
  item_name: string;
  item_description: string;
  item_domain: string;
  password: string;
  item_type: number;
  item_group_id: number;
  copy_item_id: number;
}

const SINGLE_PAGE_WELCOME = {
  en: 'Write your document here. Click **Edit** to start.',
  zh: '在这里编写文档，点击 **编辑** 开始。',
};

export async function addItem(ctx: AuthedCtx, input: AddInput): Promise<{ item_id: number }> {
  const name = input.item_name.trim();
  if (!name) throw new ApiError(10100, 'item.nameRequired');
  await checkItemDomain(ctx, input.item_domain);
  const source = input.copy_item_id > 0 ? (await requireManage(ctx, input.copy_item_id, { allowArchived: true })).item : null;
  // A copy dialog filled from item/detail sends the placeholder back: the copy keeps the source's password.
  const passwordHash = source && input.password === KEPT_PASSWORD ? source.password : await visitPasswordHash(input.password);

  const itemType = source ? source.item_type : input.item_type === 0 ? 1 : input.item_type;
  if (!source && !(CREATABLE_TYPES as readonly number[]).includes(itemType)) throw new ApiError(10100, 'input.invalid', { field: 'item_type' });

  const now = ctx.clock.now();
  const itemId = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const created = await trx
        .insertInto('item')
        .values({
          item_name: name,
          item_description: input.item_description,
          uid: ctx.user.uid,
          username: ctx.user.username,
          password: passwordHash,
          item_domain: input.item_domain,
          item_type: itemType,
          addtime: now,
          last_update_time: now,
        })
        .returning('item_id')
        .executeTakeFirstOrThrow();
      if (source) {
        await copyItemContent(trx, source.item_id, created.item_id, now);
      } else if (itemType === 2 || itemType === 4) {
        // A single-page project is its one page; a spreadsheet project keeps its sheet in one page.
        await trx
          .insertInto('page')
          .values({
            item_id: created.item_id,
            page_title: name,
            page_content: itemType === 2 ? SINGLE_PAGE_WELCOME[ctx.lang] : '',
            author_uid: ctx.user.uid,
            author_username: ctx.user.username,
            addtime: now,
            page_addtime: now,
          })
          .execute();
      }
      return created.item_id;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new ApiError(10304);
      throw err;
    });
  if (input.item_group_id > 0) await addItemToGroup(ctx, input.item_group_id, itemId);
  return { item_id: itemId };
}

export interface UpdateInput {
  item_id: number;
  item_name?: string | undefined;
  item_description?: string | undefined;
  item_domain?: string | undefined;
  /** Absent or KEPT_PASSWORD: keep the visit password. '': make the project public. Otherwise the new password. */
  password?: string | undefined;
}

export async function updateItem(ctx: AuthedCtx, input: UpdateInput): Promise<{ success: true }> {
  const { item } = await requireManage(ctx, input.item_id);
  const changes: { item_name?: string; item_description?: string; item_domain?: string; password?: string; last_update_time: number } = {
    last_update_time: ctx.clock.now(),
  };
  if (input.item_name !== undefined) {
    const name = input.item_name.trim();
    if (!name) throw new ApiError(10100, 'item.nameRequired');
    changes.item_name = name;
  }
  if (input.item_description !== undefined) changes.item_description = input.item_description;
  if (input.item_domain !== undefined && input.item_domain !== item.item_domain) {
    await checkItemDomain(ctx, input.item_domain, item.item_id);
    changes.item_domain = input.item_domain;
  }
  // The placeholder item/detail answered for a private project means "unchanged" (only '' makes it public).
  const keepsPassword = input.password === KEPT_PASSWORD && item.password !== '';
  if (input.password !== undefined && !keepsPassword) changes.password = await visitPasswordHash(input.password);
  await ctx.db
    .updateTable('item')
    .set(changes)
    .where('item_id', '=', item.item_id)
    .execute()
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new ApiError(10304);
      throw err;
    });
  return { success: true };
}

export async function itemDetail(ctx: AuthedCtx, itemId: number): Promise<ItemDetail> {
  const { item } = await requireManage(ctx, itemId, { allowArchived: true });
  return presentDetail(item, await groupIdsContaining(ctx, item.item_id));
}

export async function archiveItem(ctx: AuthedCtx, itemId: number, password: string) {
  const { item } = await requireOwner(ctx, itemId);
  await confirmLoginPassword(ctx, password);
  await ctx.db.updateTable('item').set({ is_archived: 1, last_update_time: ctx.clock.now() }).where('item_id', '=', item.item_id).execute();
  return { success: true };
}

/** Soft delete: the row stays (with its deletion time) so an administrator can bring it back. */
export async function deleteItem(ctx: AuthedCtx, itemId: number, password: string) {
  const { item } = await requireOwner(ctx, itemId);
  await confirmLoginPassword(ctx, password);
  await markItemDeleted(ctx, item.item_id);
  return { success: true };
}

/** The effect of deleting a project, shared by its owner's item/delete and the administrator's adminItem/deleteItem. */
export async function markItemDeleted(ctx: Ctx, itemId: number): Promise<void> {
  await ctx.db.updateTable('item').set({ is_del: 1, del_time: ctx.clock.now() }).where('item_id', '=', itemId).execute();
}

export async function transferItem(ctx: AuthedCtx, itemId: number, receiverName: string, password: string): Promise<ItemDetail> {
  const { item } = await requireOwner(ctx, itemId);
  await confirmLoginPassword(ctx, password);
  await handOverItem(ctx, item, receiverName);
  const updated = await ctx.db.selectFrom('item').selectAll().where('item_id', '=', item.item_id).executeTakeFirstOrThrow();
  return presentDetail(updated, []);
}

/**
 * Makes the account named `receiverName` (username or e-mail) the project's owner: shared by the owner's
 * item/attorn and the administrator's adminItem/attorn, which asks for no password.
 */
export async function handOverItem(ctx: Ctx, item: { item_id: number; uid: number }, receiverName: string): Promise<void> {
  const key = usernameKey(receiverName.trim());
  // A blank name would match every account without an e-mail address (email = '').
  if (key === '') throw new ApiError(10209);
  const receiver = await ctx.db
    .selectFrom('user')
    .select(['uid', 'username'])
    .where((eb) => eb.or([eb('username_key', '=', key), eb('email', '=', key)]))
    .orderBy('uid')
    .executeTakeFirst();
  if (!receiver) throw new ApiError(10209);
  if (receiver.uid === item.uid) throw new ApiError(10101, 'item.receiverIsOwner');
  await ctx.db.transaction().execute(async (trx) => {
    // Who manages the project changes: cached item/info answers (server/modules/item/info-cache.ts) are stale.
    await bumpItemStamps(trx, [item.item_id]);
    await trx.updateTable('item').set({ uid: receiver.uid, username: receiver.username, last_update_time: ctx.clock.now() }).where('item_id', '=', item.item_id).execute();
    // The new owner needs no membership row; the old owner keeps none, as in ShowDoc.
    await trx.deleteFrom('item_member').where('item_id', '=', item.item_id).where('uid', '=', receiver.uid).execute();
  });
}

async function visitPasswordHash(password: string): Promise<string> {
  if (password === '') return '';
  if (Buffer.byteLength(password, 'utf8') > MAX_VISIT_PASSWORD_BYTES) throw new ApiError(10101, 'user.passwordTooLong');
  return hashPassword(password);
}
