import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { markMessageRead, messageKeys, type Announcement, type Reminder } from '../../api/message';
import { Badge } from '../../components/deferred-antd';
import { LinkButton } from '../../components/LinkButton';
import { hasUnread, useUnreadMessages } from './useUnreadMessages';
import { announcementPlainText } from './AnnouncementText';

/** Seed 000 §9: a shown reminder is marked read after 2 s; the browser notification stays 30 s. */
export const READ_AFTER_MS = 2000;
export const WEB_NOTIFICATION_MS = 30_000;

function reminderText(t: TFunction, remind: Reminder): string {
  const title = remind.page_data?.page_title;
  return title ? t('messages.remindAbout', { name: remind.from_name, title, note: remind.message_content }) : remind.message_content;
}

/**
 * The notices icon of the header (seed 000 §2): a "New" badge while something is unread, a popup for a
 * new reminder or announcement (not on the home screen), and a browser notification when the tab is in
 * the background and the person allowed them.
 */
export function MessageBell({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const unread = useUnreadMessages(signedIn);
  const shown = useRef(new Set<string>());

  useEffect(() => {
    const summary = unread.data;
    if (!summary || pathname === '/') return;
    const items: { key: string; id: number; from: number; title: string; body: string; to: string }[] = [];
    if (!Array.isArray(summary.remind)) {
      const r = summary.remind;
      const page = r.page_data;
      items.push({ key: `r${r.message_content_id}`, id: r.message_content_id, from: r.from_uid, title: t('messages.remindTitle'), body: reminderText(t, r), to: page ? `/${page.item_id}/${page.page_id}` : '/message/index?dtab=remindList' });
    }
    if (!Array.isArray(summary.announce)) {
      const a: Announcement = summary.announce;
      items.push({ key: `a${a.message_content_id}`, id: a.message_content_id, from: a.from_uid, title: t('messages.announceTitle'), body: announcementPlainText(a.message_content), to: '/message/index?dtab=announcementList' });
    }
    const timers: number[] = [];
    for (const item of items) {
      if (shown.current.has(item.key)) continue;
      shown.current.add(item.key);
      notification.open({
        key: item.key,
        title: item.title,
        description: item.body,
        placement: 'bottomRight',
        onClick: () => {
          notification.destroy(item.key);
          navigate(item.to);
        },
      });
      if (document.hidden && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
        const web = new Notification(item.title, { body: item.body, tag: item.key });
        timers.push(window.setTimeout(() => web.close(), WEB_NOTIFICATION_MS));
      }
      timers.push(
        window.setTimeout(() => {
          void markMessageRead(item.id, item.from)
            .then(() => queryClient.invalidateQueries({ queryKey: messageKeys.unread() }))
            .catch(() => undefined);
        }, READ_AFTER_MS),
      );
    }
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [unread.data, pathname, notification, navigate, queryClient, t]);

  if (!signedIn) return null;
  const fresh = hasUnread(unread.data);
  const label = fresh ? t('messages.bellNew') : t('messages.bell');
  return (
    <Badge count={fresh ? t('messages.new') : 0} size="small" offset={[-6, 6]}>
      <LinkButton type="text" to="/message/index" icon={<BellOutlined aria-hidden />} aria-label={label} title={label} />
    </Badge>
  );
}
