import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Pagination, Spin, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { fetchAnnouncements, fetchReminders, messageKeys } from '../api/message';
import { PageLayout } from '../components/PageLayout';
import { RetryAlert } from '../components/RetryAlert';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { RequireLogin } from '../features/user/RequireLogin';
import { AnnouncementText } from '../features/message/AnnouncementText';
import '../features/message/messages.css';

/** Seed 000 §9: five messages a page. */
export const MESSAGES_PER_PAGE = 5;

type Tab = 'remindList' | 'announcementList';

/** `/message/index?dtab=remindList|announcementList` (seed 000 §2): reminders and announcements. */
export default function MessageIndex() {
  return (
    <RequireLogin>
      <Messages />
    </RequireLogin>
  );
}

function Messages() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = search.get('dtab') === 'announcementList' ? 'announcementList' : 'remindList';
  useDocumentTitle(t('messages.title'));
  return (
    <PageLayout mainClassName="messages-page">
      <h1 className="messages-title">{t('messages.title')}</h1>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch({ dtab: key }, { replace: true })}
        items={[
          { key: 'remindList', label: t('messages.reminders'), children: <ReminderList /> },
          { key: 'announcementList', label: t('messages.announcements'), children: <AnnouncementList /> },
        ]}
      />
    </PageLayout>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="messages-loading" role="status" aria-label={t('app.loading')}>
      <Spin />
    </div>
  );
}

function ReminderList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: messageKeys.reminders(page), queryFn: ({ signal }) => fetchReminders(page, MESSAGES_PER_PAGE, signal), staleTime: 0 });
  useEffect(() => {
    // Listing marks reminders read: the bell's badge should know.
    if (list.data) void queryClient.invalidateQueries({ queryKey: messageKeys.unread() });
  }, [list.data, queryClient]);
  if (list.isPending) return <Loading />;
  if (list.isError) return <RetryAlert message={list.error.message} onRetry={() => void list.refetch()} />;
  const { total } = list.data;
  if (total === 0) return <Empty description={t('messages.noReminders')} />;
  return (
    <>
      <ul className="messages-list" aria-label={t('messages.reminders')}>
        {list.data.list.map((m) => (
          <li key={m.id} className={m.status === 0 ? 'unread' : undefined}>
            <div className="messages-line">
              {m.status === 0 && <Tag color="blue">{t('messages.new')}</Tag>}
              {m.page_data ? (
                <span>
                  {t('messages.updatedPage', { name: m.from_name })}{' '}
                  <Link to={`/${m.page_data.item_id}/${m.page_data.page_id}`}>{m.page_data.page_title}</Link>
                </span>
              ) : (
                <span>{t('messages.updatedGone', { name: m.from_name })}</span>
              )}
            </div>
            {m.message_content && <p className="messages-note">{m.message_content}</p>}
            <span className="dialog-muted">{m.addtime}</span>
          </li>
        ))}
      </ul>
      <Pagination className="messages-pages" current={page} pageSize={MESSAGES_PER_PAGE} total={total} onChange={setPage} showSizeChanger={false} hideOnSinglePage size="small" />
    </>
  );
}

function AnnouncementList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: messageKeys.announcements(), queryFn: ({ signal }) => fetchAnnouncements(signal), staleTime: 0 });
  if (list.isPending) return <Loading />;
  if (list.isError) return <RetryAlert message={list.error.message} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <Empty description={t('messages.noAnnouncements')} />;
  const shown = list.data.slice((page - 1) * MESSAGES_PER_PAGE, page * MESSAGES_PER_PAGE);
  return (
    <>
      <ul className="messages-list" aria-label={t('messages.announcements')}>
        {shown.map((a) => (
          <li key={a.id} className={a.status === 0 ? 'unread' : undefined}>
            <div className="messages-line">
              {a.status === 0 && <Tag color="blue">{t('messages.new')}</Tag>}
              <AnnouncementText className="messages-note" html={a.message_content} />
            </div>
            <span className="dialog-muted">{a.addtime}</span>
          </li>
        ))}
      </ul>
      <Pagination className="messages-pages" current={page} pageSize={MESSAGES_PER_PAGE} total={list.data.length} onChange={setPage} showSizeChanger={false} hideOnSinglePage size="small" />
    </>
  );
}
