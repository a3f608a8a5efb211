import type { ListedAnnouncement, RemindList, UnreadSummary } from '../../common/answers/message';
import { apiPost } from './client';

export type { Announcement, ListedAnnouncement, Reminder, ReminderPage, RemindList, UnreadSummary } from '../../common/answers/message';

export const messageKeys = {
  unread: () => ['messages', 'unread'] as const,
  reminders: (page: number) => ['messages', 'reminders', page] as const,
  announcements: () => ['messages', 'announcements'] as const,
};

export function fetchUnread(signal?: AbortSignal): Promise<UnreadSummary> {
  return apiPost<UnreadSummary>('message/getUnread', {}, { signal, silent: true });
}

export function fetchReminders(page: number, count: number, signal?: AbortSignal): Promise<RemindList> {
  return apiPost<RemindList>('message/getRemindList', { page, count }, { signal, silent: true });
}

export function fetchAnnouncements(signal?: AbortSignal): Promise<ListedAnnouncement[]> {
  return apiPost<ListedAnnouncement[]>('message/getAnnouncementList', {}, { signal, silent: true });
}

export function markMessageRead(messageContentId: number, fromUid: number): Promise<unknown> {
  return apiPost('message/setRead', { message_content_id: messageContentId, from_uid: fromUid }, { silent: true });
}
