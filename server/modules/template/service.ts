import type { InsertedId } from '../../../common/answers/page.js';
import type { ItemTemplate, MyTemplate, TemplateShare } from '../../../common/answers/template.js';
import type { AuthedCtx } from '../../context.js';
import type { Template, TemplateItem } from '../../db/content-tables.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time.js';
import { requireEdit } from '../item/access.js';
import { wellFormed } from '../page/content.js';

/**
 * Personal page templates (reference §6.12): saved from the editor, inserted into pages, and shared into
 * projects so their editors can use them. Contents are stored raw, like pages.
 */

/** A template is a page skeleton; a page's own limit is far more than one needs. */
export const MAX_TEMPLATE_CHARS = 200_000;
export const MAX_TEMPLATE_TITLE_CHARS = 255;
/** Templates one person keeps; the list is loaded whole. */
const MAX_TEMPLATES_PER_USER = 500;

async function ownTemplate(ctx: AuthedCtx, id: number) {
  const row = await ctx.db.selectFrom('template').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.uid !== ctx.user.uid) throw new ApiError(10101, 'template.notFound');
  return row;
}

export async function saveTemplate(ctx: AuthedCtx, title: string, content: string): Promise<InsertedId> {
  const name = title.trim();
  if (name === '') throw new ApiError(10100, 'template.titleRequired');
  if (Array.from(name).length > MAX_TEMPLATE_TITLE_CHARS) throw new ApiError(10100, 'template.titleTooLong', { max: String(MAX_TEMPLATE_TITLE_CHARS) });
  const count = await ctx.db.selectFrom('template').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', ctx.user.uid).executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_TEMPLATES_PER_USER) throw new ApiError(10101, 'template.tooMany', { max: String(MAX_TEMPLATES_PER_USER) });
  const row = await ctx.db
    .insertInto('template')
    .values({ uid: ctx.user.uid, username: ctx.user.username, template_title: wellFormed(name), template_content: wellFormed(content), addtime: ctx.clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

/** `template/getMyList`: my templates, newest first, each with the projects it is shared into. */
export async function myTemplates(ctx: AuthedCtx): Promise<MyTemplate[]> {
  const rows = await ctx.db.selectFrom('template').selectAll().where('uid', '=', ctx.user.uid).orderBy('addtime', 'desc').orderBy('id', 'desc').execute();
  const shares =
    rows.length === 0
      ? []
      : await ctx.db
          .selectFrom('template_item')
          .innerJoin('item', 'item.item_id', 'template_item.item_id')
          .selectAll('template_item')
          .select('item.item_name')
          .where(
            'template_item.template_id',
            'in',
            rows.map((r) => r.id),
          )
          .where('item.is_del', '=', 0)
          .execute();
  return rows.map((row) => {
    const shared = shares.filter((s) => s.template_id === row.id).map((s) => ({ ...presentShare(ctx, s), item_name: s.item_name }));
    return { ...present(ctx, row), share_item: shared, share_item_count: shared.length };
  });
}

function present(ctx: AuthedCtx, row: Template) {
  return {
    id: row.id,
    uid: row.uid,
    username: row.username,
    template_title: row.template_title,
    template_content: row.template_content,
    addtime: formatTime(row.addtime, ctx.config.timeZone),
  };
}

function presentShare(ctx: AuthedCtx, row: TemplateItem): TemplateShare {
  return {
    id: row.id,
    template_id: row.template_id,
    item_id: row.item_id,
    uid: row.uid,
    username: row.username,
    created_at: formatTime(row.created_at, ctx.config.timeZone),
  };
}

/** `template/getItemList`: the templates shared into a project, for its editors. */
export async function itemTemplates(ctx: AuthedCtx, itemId: number): Promise<ItemTemplate[]> {
  await requireEdit(ctx, itemId, { keepsPages: true });
  const rows = await ctx.db
    .selectFrom('template_item')
    .innerJoin('template', 'template.id', 'template_item.template_id')
    .selectAll('template')
    .select(['template_item.template_id', 'template_item.item_id', 'template_item.created_at'])
    .where('template_item.item_id', '=', itemId)
    .orderBy('template_item.created_at', 'desc')
    .orderBy('template.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...present(ctx, row), template_id: row.template_id, item_id: row.item_id, created_at: formatTime(row.created_at, ctx.config.timeZone) }));
}

export async function deleteTemplate(ctx: AuthedCtx, id: number): Promise<[]> {
  await ownTemplate(ctx, id);
  // Its shares go with it (ON DELETE CASCADE).
  await ctx.db.deleteFrom('template').where('id', '=', id).execute();
  return [];
}

/** `template/shareToItem`: replaces the projects a template is shared into; each must be one I may edit. */
export async function shareTemplate(ctx: AuthedCtx, id: number, itemIds: number[]): Promise<[]> {
  await ownTemplate(ctx, id);
  const unique = [...new Set(itemIds)];
  for (const itemId of unique) await requireEdit(ctx, itemId);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('template_item').where('template_id', '=', id).execute();
    if (unique.length > 0) {
      await trx
        .insertInto('template_item')
        .values(unique.map((item_id) => ({ template_id: id, item_id, uid: ctx.user.uid, username: ctx.user.username, created_at: now })))
        .execute();
    }
  });
  return [];
}

export async function templateShares(ctx: AuthedCtx, id: number): Promise<TemplateShare[]> {
  await ownTemplate(ctx, id);
  const rows = await ctx.db.selectFrom('template_item').selectAll().where('template_id', '=', id).orderBy('id').execute();
  return rows.map((row) => presentShare(ctx, row));
}
