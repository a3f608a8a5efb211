import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addAnnouncement, announcementsKey, deleteAnnouncement, fetchAnnouncements } from '../../api/admin';
import { ADMIN_PAGE_SIZE } from './admin-tabs';
import { errorText, ListPages, ListState } from './ListState';
import { AnnouncementText } from '../message/AnnouncementText';

const MAX_ANNOUNCEMENT = 2000;

/** Announcements to every user (ShowDoc's `adminMessage/*`): write one, see the ones sent, delete. */
export function AnnouncementsSection() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ message_content: string }>();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: announcementsKey(page),
    queryFn: ({ signal }) => fetchAnnouncements(page, ADMIN_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: announcementsKey() });

  const sending = useMutation({
    mutationFn: (content: string) => addAnnouncement(content),
    onSuccess: async () => {
      form.resetFields();
      void message.success(t('admin.announce.sent'));
      setPage(1);
      await refresh();
    },
    onError: (error) => form.setFields([{ name: 'message_content', errors: [errorText(error)] }]),
  });
  // It reaches everyone at once and cannot be unsent from their screens: ask first.
  const confirmSend = (values: { message_content: string }) =>
    modal.confirm({
      title: t('admin.announce.confirm'),
      content: values.message_content.trim(),
      okText: t('admin.announce.send'),
      cancelText: t('admin.cancel'),
      // The confirm button spins until the server answers; a refusal shows on the field.
      onOk: () => sending.mutateAsync(values.message_content.trim()).catch(() => undefined),
    });
  const remove = async (id: number) => {
    try {
      await deleteAnnouncement(id);
      void message.success(t('admin.announce.deleted'));
      await refresh();
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  return (
    <section className="admin-subsection" aria-labelledby="admin-announce-title">
      <h3 id="admin-announce-title">{t('admin.announce.title')}</h3>
      <p className="admin-muted">{t('admin.announce.help')}</p>
      <Form form={form} name="admin-announce" layout="vertical" onFinish={confirmSend}>
        <Form.Item name="message_content" label={t('admin.announce.text')} rules={[{ required: true, whitespace: true, message: t('admin.announce.required') }]}>
          <Input.TextArea
            rows={3}
            maxLength={MAX_ANNOUNCEMENT}
            showCount
            onKeyDown={(event) => {
              // A text area keeps Enter for new lines; Ctrl/⌘+Enter sends.
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) form.submit();
            }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending.isPending}>
          {t('admin.announce.send')}
        </Button>
      </Form>
      <ListState query={list} rows={(data) => data.list.length} empty={t('admin.announce.empty')}>
        {(data) => (
          <>
            <ul className="admin-announcements" aria-label={t('admin.announce.listLabel')}>
              {data.list.map((row) => (
                <li key={row.id} className="admin-announcement">
                  <div className="admin-cell-main">
                    <AnnouncementText className="admin-announcement-text" html={row.message_content} />
                    <span className="admin-muted">{t('admin.announce.meta', { name: row.from_name, time: row.addtime, count: row.read_count })}</span>
                  </div>
                  <Popconfirm
                    title={t('admin.announce.deleteConfirm')}
                    okText={t('admin.delete')}
                    cancelText={t('admin.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove(row.id)}
                  >
                    <Button size="small" danger aria-label={t('admin.announce.deleteLabel', { time: row.addtime })}>
                      {t('admin.delete')}
                    </Button>
                  </Popconfirm>
                </li>
              ))}
            </ul>
            <ListPages page={page} pageSize={ADMIN_PAGE_SIZE} total={data.total} onChange={setPage} label={t('admin.pagesLabel')} />
          </>
        )}
      </ListState>
    </section>
  );
}

