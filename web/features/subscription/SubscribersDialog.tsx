import { BellOutlined, DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Modal, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPageSubscribers, subscribeToPage, subscriptionKeys, unsubscribeFromPage, type PageSubscriber } from '../../api/subscription';
import { RetryAlert } from '../../components/RetryAlert';
import { displayName, useCurrentUser } from '../user/current-user';
import './subscribers.css';

export interface SubscribersDialogProps {
  open: boolean;
  itemId: number;
  pageId: number;
  onClose(): void;
}


const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Who hears about the page when it is saved with a notice (reference §6.13). The server lets the page's
 * editors only, and only people who can read the page may follow it, so the dialog offers the caller
 * "follow" for themselves rather than a picker of other people.
 */
export default function SubscribersDialog({ open, itemId, pageId, onClose }: SubscribersDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const me = useCurrentUser().data;
  const key = subscriptionKeys.subscribers(itemId, pageId);
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchPageSubscribers(pageId, signal), enabled: open, staleTime: 0 });

  const follow = useMutation({
    mutationFn: (uid: number) => subscribeToPage(pageId, [uid]),
    onSuccess: async () => {
      void message.success(t('subscriptions.followed'));
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => void message.error(errorText(error)),
  });

  const remove = useMutation({
    mutationFn: (row: PageSubscriber) => unsubscribeFromPage(pageId, [row.uid]),
    onSuccess: (_answer, row) => {
      queryClient.setQueryData<PageSubscriber[]>(key, (rows) => rows?.filter((r) => r.uid !== row.uid));
      void message.success(t('subscriptions.removed', { name: nameOf(row) }));
    },
    onError: (error) => void message.error(errorText(error)),
  });

  const following = me != null && (list.data ?? []).some((row) => row.uid === me.uid);

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="reader-dialog-loading" role="status" aria-label={t('app.loading')}>
        <Spin />
      </div>
    );
  } else if (list.isError) {
    body = <RetryAlert message={list.error.message} onRetry={() => void list.refetch()} />;
  } else if (list.data.length === 0) {
    body = <Empty description={t('subscriptions.empty')} />;
  } else {
    body = (
      <ul className="subscriber-list" aria-label={t('subscriptions.listLabel')}>
        {list.data.map((row) => {
          const { uid } = row;
          const removing = remove.isPending && remove.variables?.uid === uid;
          return (
            <li key={uid}>
              <span className="subscriber-name">
                <strong>
                  {nameOf(row)}
                  {me?.uid === uid ? ` ${t('subscriptions.you')}` : ''}
                </strong>
                <span className="dialog-muted">{t('subscriptions.since', { time: row.sub_time })}</span>
              </span>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                loading={removing}
                disabled={remove.isPending && !removing}
                onClick={() => remove.mutate(row)}
                aria-label={t('subscriptions.removeLabel', { name: nameOf(row) })}
              >
                {t('subscriptions.remove')}
              </Button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Modal
      open={open}
      title={t('subscriptions.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('itemDialog.close')}
        </Button>
      }
    >
      <p className="dialog-muted">{t('subscriptions.intro')}</p>
      {body}
      {list.isSuccess && me != null && !following && (
        <Button className="subscriber-follow" icon={<BellOutlined />} loading={follow.isPending} onClick={() => follow.mutate(me.uid)}>
          {t('subscriptions.follow')}
        </Button>
      )}
    </Modal>
  );
}

function nameOf(row: PageSubscriber): string {
  return displayName({ name: row.name, username: row.username });
}
