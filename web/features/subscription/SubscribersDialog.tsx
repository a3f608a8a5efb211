import { BellOutlined, DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, AutoComplete, Button, Empty, Modal, Spin } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchItemPeople, memberKeys, type ItemPerson } from '../../api/member';
import { fetchPageSubscribers, subscribeToPage, subscriptionKeys, unsubscribeFromPage, type PageSubscriber } from '../../api/subscription';
import { RetryAlert } from '../../components/RetryAlert';
import { displayName, useCurrentUser } from '../user/current-user';
import './subscribers.css';

export interface SubscribersDialogProps {
  open: boolean;
  itemId: number;
  pageId: number;
  /** Editors of the page see every follower and add or remove other people; readers follow or stop for themselves. */
  canEdit?: boolean;
  onClose(): void;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Who hears about the page when it is saved with a notice (reference §6.13). Anyone who can read the
 * page may follow it; the server shows such a reader only their own row. Editors also see everyone who
 * follows, remove them, and add the project's people, picked from suggestions as they type (the
 * project's members: `member/getAllList`); the server refuses anyone outside the project or unable to
 * read the page.
 */
export default function SubscribersDialog({ open, itemId, pageId, canEdit = true, onClose }: SubscribersDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const me = useCurrentUser().data;
  const key = subscriptionKeys.subscribers(itemId, pageId);
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchPageSubscribers(pageId, signal), enabled: open, staleTime: 0 });
  const people = useQuery({ queryKey: memberKeys.people(itemId), queryFn: ({ signal }) => fetchItemPeople(itemId, signal), enabled: open && canEdit, staleTime: 60_000 });
  const [typed, setTyped] = useState('');

  const follow = useMutation({
    mutationFn: (uid: number) => subscribeToPage(pageId, [uid]),
    onSuccess: async () => {
      void message.success(t('subscriptions.followed'));
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => void message.error(errorText(error)),
  });

  const addFollower = useMutation({
    mutationFn: (person: ItemPerson) => subscribeToPage(pageId, [person.uid]),
    onSuccess: async (_answer, person) => {
      setTyped('');
      void message.success(t('subscriptions.added', { name: person.username_name }));
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => void message.error(errorText(error)),
  });

  const remove = useMutation({
    mutationFn: (row: PageSubscriber) => unsubscribeFromPage(pageId, [row.uid]),
    onSuccess: (_answer, row) => {
      queryClient.setQueryData<PageSubscriber[]>(key, (rows) => rows?.filter((r) => r.uid !== row.uid));
      void message.success(me?.uid === row.uid ? t('subscriptions.unfollowed') : t('subscriptions.removed', { name: nameOf(row) }));
    },
    onError: (error) => void message.error(errorText(error)),
  });

  const following = me != null && (list.data ?? []).some((row) => row.uid === me.uid);
  const followers = new Set((list.data ?? []).map((row) => row.uid));
  const wanted = typed.trim().toLowerCase();
  const candidates = (people.data ?? []).filter(
    (person) => !followers.has(person.uid) && (person.username.toLowerCase().includes(wanted) || person.username_name.toLowerCase().includes(wanted)),
  );
  const labelOf = (person: ItemPerson) => (person.username_name !== person.username ? `${person.username_name} (${person.username})` : person.username);
  const add = (username: string) => {
    const person = candidates.find((p) => p.username === username) ?? candidates.find((p) => p.username.toLowerCase() === wanted);
    if (!person) {
      void message.warning(t('subscriptions.pickRequired'));
      return;
    }
    addFollower.mutate(person);
  };

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
    body = canEdit ? <Empty description={t('subscriptions.empty')} /> : null;
  } else {
    body = (
      <ul className="subscriber-list" aria-label={t('subscriptions.listLabel')}>
        {list.data.map((row) => {
          const { uid } = row;
          const mine = me?.uid === uid;
          const removing = remove.isPending && remove.variables?.uid === uid;
          return (
            <li key={uid}>
              <span className="subscriber-name">
                <strong>
                  {nameOf(row)}
                  {mine ? ` ${t('subscriptions.you')}` : ''}
                </strong>
                <span className="dialog-muted">{t('subscriptions.since', { time: row.sub_time })}</span>
              </span>
              {(canEdit || mine) && (
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  loading={removing}
                  disabled={remove.isPending && !removing}
                  onClick={() => remove.mutate(row)}
                  aria-label={mine && !canEdit ? undefined : t('subscriptions.removeLabel', { name: nameOf(row) })}
                >
                  {mine && !canEdit ? t('subscriptions.unfollow') : t('subscriptions.remove')}
                </Button>
              )}
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
      <p className="dialog-muted">{canEdit ? t('subscriptions.intro') : t('subscriptions.readerIntro')}</p>
      {canEdit && (
        <form
          className="subscriber-add"
          aria-label={t('subscriptions.addLabel')}
          onSubmit={(event) => {
            event.preventDefault();
            add(typed.trim());
          }}
        >
          <AutoComplete
            className="subscriber-add-name"
            value={typed}
            onChange={setTyped}
            onSelect={(username: string) => add(username)}
            options={candidates.slice(0, 20).map((person) => ({ value: person.username, label: labelOf(person) }))}
            aria-label={t('subscriptions.addLabel')}
            placeholder={t('subscriptions.addPlaceholder')}
          />
          <Button htmlType="submit" icon={<UserAddOutlined />} loading={addFollower.isPending}>
            {t('subscriptions.add')}
          </Button>
        </form>
      )}
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
