import { apiPost } from './client';

type Num = number | string;

/** A template as `template/getMyList` and `template/getItemList` send it (reference §6.12). */
export interface PageTemplate {
  id: Num;
  uid?: Num;
  username?: string;
  template_title: string;
  template_content: string;
  addtime: string;
  share_item?: { item_id: Num; item_name?: string }[];
  share_item_count?: Num;
}

export function fetchMyTemplates(signal?: AbortSignal): Promise<PageTemplate[]> {
  return apiPost<PageTemplate[]>('template/getMyList', {}, { signal, silent: true });
}

export function fetchItemTemplates(itemId: number, signal?: AbortSignal): Promise<PageTemplate[]> {
  return apiPost<PageTemplate[]>('template/getItemList', { item_id: itemId }, { signal, silent: true });
}

export function saveTemplate(title: string, content: string): Promise<{ id: Num }> {
  return apiPost('template/save', { template_title: title, template_content: content }, { silent: true });
}

export function deleteTemplate(id: number): Promise<unknown> {
  return apiPost('template/delete', { id }, { silent: true });
}

/** Replaces the projects the template is shared into. */
export function shareTemplate(id: number, itemIds: readonly number[]): Promise<unknown> {
  return apiPost('template/shareToItem', { template_id: id, item_id: itemIds.join(',') }, { silent: true });
}
