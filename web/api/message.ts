import { apiPost } from './client';

type Num = number | string;

export interface PageData {
  item_id: Num;
  page_id: Num;
  page_title: string;
}

/** A reminder: someone saved a page I follow with a notice (reference §6.10). */
export interface Reminder {
  id: Num;
  from_uid: Num;
  from_name: string;
  message_content_id: Num;
  message_content: string;
  object_type: string;
  object_id: Num;
  status: Num;
  addtime: string;
  page_data: PageData | null;
}

export interface Announcement {
  id: Num;
  from_uid: Num;
  message_content_id: Num;
  message_content: string;
  addtime: string;
  status?: Num;
}

/** ShowDoc answers `[]` where there is nothing. */
export interface UnreadSummary {
  remind: Reminder | [];
  announce: Announcement | [];
  remind_count?: Num;
}

export function fetchUnread(signal?: AbortSignal): Promise<UnreadSummary> {
  return apiPost<UnreadSummary>('message/getUnread', {}, { signal, silent: true });
}

export function fetchReminders(page: number, count: number, signal?: AbortSignal): Promise<{ total: Num; list: Reminder[] }> {
  return apiPost('message/getRemindList', { page, count }, { signal, silent: true });
}

export function fetchAnnouncements(signal?: AbortSignal): Promise<Announcement[]> {
  return apiPost<Announcement[]>('message/getAnnouncementList', {}, { signal, silent: true });
}

export function markMessageRead(messageContentId: number, fromUid: number): Promise<unknown> {
  return apiPost('message/setRead', { message_content_id: messageContentId, from_uid: fromUid }, { silent: true });
}
