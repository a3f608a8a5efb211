import { z } from 'zod';
import { empty, folioOnly, int, rowInt, text } from '../wire.js';
import { InsertedId } from './page.js';

/**
 * What the template actions answer (showdoc-behaviour.md §6.12). `template_content` goes out as written
 * on both URL forms: ShowDoc's lists answer it HTML-unescaped and its editor inserts it as it comes, so
 * escaping it here would put entities into ShowDoc users' pages.
 */

/** `template/save`: the new template's id (a PHP int in ShowDoc). */
export const TemplateSaved = InsertedId;

/** A `template_item` row: the template shared into one project (`created_at` formatted). */
export const TemplateShare = z.object({
  id: rowInt(),
  template_id: rowInt(),
  item_id: rowInt(),
  uid: rowInt(),
  username: text(),
  created_at: text(),
});
export type TemplateShare = z.infer<typeof TemplateShare>;

/** `template/getShareItemList`. */
export const TemplateShares = z.array(TemplateShare);

const templateColumns = {
  id: rowInt(),
  uid: rowInt(),
  username: text(),
  template_title: text(),
  template_content: text(),
  addtime: text(),
};

/** `template/getMyList` (= `getList`): my templates, each with the projects it is shared into. */
export const MyTemplate = z.object({
  ...templateColumns,
  share_item: z.array(TemplateShare.extend({ item_name: folioOnly(text()) })),
  share_item_count: int(),
});
export type MyTemplate = z.infer<typeof MyTemplate>;
export const MyTemplates = z.array(MyTemplate);

/**
 * `template/getItemList`: the templates shared into a project, with the share's `item_id` and
 * `created_at`. (ShowDoc's `id` there is the share row's, by accident of a join; Folio's is the template's.)
 */
export const ItemTemplate = z.object({ ...templateColumns, template_id: rowInt(), item_id: rowInt(), created_at: text() });
export type ItemTemplate = z.infer<typeof ItemTemplate>;
export const ItemTemplates = z.array(ItemTemplate);

/** `template/delete`, `template/shareToItem`. */
export const TemplateDone = empty();
