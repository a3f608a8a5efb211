import type { InsertedId } from '../../common/answers/page';
import type { ItemTemplate, MyTemplate } from '../../common/answers/template';
import { apiPost } from './client';

export type { ItemTemplate, MyTemplate };

/** A row of either list of the template dialog: mine (with their shares) or the project's. */
export type PageTemplate = MyTemplate | ItemTemplate;

/** Whether a row is one of my own templates, which carries the projects it is shared into. */
export function isMyTemplate(row: PageTemplate): row is MyTemplate {
  return 'share_item' in row;
}

export const templateKeys = {
  all: () => ['templates'] as const,
  mine: () => [...templateKeys.all(), 'mine'] as const,
  item: (itemId: number) => [...templateKeys.all(), 'item', itemId] as const,
};

export function fetchMyTemplates(signal?: AbortSignal): Promise<MyTemplate[]> {
  return apiPost<MyTemplate[]>('template/getMyList', {}, { signal, silent: true });
}

export function fetchItemTemplates(itemId: number, signal?: AbortSignal): Promise<ItemTemplate[]> {
  return apiPost<ItemTemplate[]>('template/getItemList', { item_id: itemId }, { signal, silent: true });
}

export function saveTemplate(title: string, content: string): Promise<InsertedId> {
  return apiPost<InsertedId>('template/save', { template_title: title, template_content: content }, { silent: true });
}

export function deleteTemplate(id: number): Promise<unknown> {
  return apiPost('template/delete', { id }, { silent: true });
}

/** Replaces the projects the template is shared into. */
export function shareTemplate(id: number, itemIds: readonly number[]): Promise<unknown> {
  return apiPost('template/shareToItem', { template_id: id, item_id: itemIds.join(',') }, { silent: true });
}
