import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_KEY, adminUsersKey, fetchAdminUsers, setUserDisabled, setUserGroup, type AdminUserRow } from '../../api/admin';
import { useCurrentUser } from '../user/current-user';
import { ADMIN_PAGE_SIZE } from './admin-tabs';
import { DeleteUserDialog } from './DeleteUserDialog';
import { errorText, ListPages, ListState } from './ListState';
import { LoginLogDialog, type LoginLogTarget } from './LoginLogDialog';
import { usePagedFilters } from './usePagedFilters';
import { UserFormDialog } from './UserFormDialog';
import { AdminPanel, AdminSearch } from './AdminPanel';

/** Users (seed 001 §2): search, add, edit, disable, promote or demote, delete, and the login log. */
export function UsersPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const me = useCurrentUser().data;
  const { typed, filters, set, page, setPage } = usePagedFilters({ username: '' });
  const query = { page, count: ADMIN_PAGE_SIZE, username: filters.username.trim() };
  const users = useQuery({
    queryKey: adminUsersKey(query),
    queryFn: ({ signal }) => fetchAdminUsers(query, signal),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<AdminUserRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);
  const [log, setLog] = useState<LoginLogTarget | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
  const act = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      void message.success(done);
      await refresh();
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  const columns: TableColumnsType<AdminUserRow> = [
    {
      title: t('admin.users.user'),
      key: 'user',
      render: (_, user) => (
        <div className="admin-cell-main">
          <strong>{user.username}</strong>
          {user.name && <span>{user.name}</span>}
          {user.email && <span className="admin-muted">{user.email}</span>}
        </div>
      ),
    },
    {
      title: t('admin.users.status'),
      key: 'status',
      render: (_, user) => (
        <Space size={4} wrap>
          {user.groupid === 1 ? <Tag color="gold">{t('admin.users.admin')}</Tag> : <Tag>{t('admin.users.ordinary')}</Tag>}
          {user.is_disabled === 1 && <Tag color="red">{t('admin.users.disabled')}</Tag>}
          {user.is_sso === 1 && <Tag color="blue">{t('admin.users.sso')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('admin.users.owns'),
      key: 'owns',
      render: (_, user) => t('admin.users.ownsValue', { items: user.item_count, files: user.file_count }),
    },
    { title: t('admin.users.regTime'), dataIndex: 'reg_time', key: 'reg_time' },
    { title: t('admin.users.lastLogin'), key: 'last', render: (_, user) => user.last_login_time || t('admin.users.never') },
    {
      title: t('admin.actions'),
      key: 'actions',
      render: (_, user) => {
        const self = user.uid === me?.uid;
        return (
          <Space size={4} wrap>
            <Button size="small" onClick={() => setEditing(user)} aria-label={t('admin.users.editLabel', { name: user.username })}>
              {t('admin.users.edit')}
            </Button>
            {!self && (
              <Button
                size="small"
                onClick={() =>
                  void act(
                    () => setUserDisabled(user.uid, user.is_disabled !== 1),
                    t(user.is_disabled === 1 ? 'admin.users.enabled' : 'admin.users.disabledDone', { name: user.username }),
                  )
                }
                aria-label={t(user.is_disabled === 1 ? 'admin.users.enableLabel' : 'admin.users.disableLabel', { name: user.username })}
              >
                {user.is_disabled === 1 ? t('admin.users.enable') : t('admin.users.disable')}
              </Button>
            )}
            <Popconfirm
              title={user.groupid === 1 ? t('admin.users.demoteConfirm', { name: user.username }) : t('admin.users.promoteConfirm', { name: user.username })}
              okText={t('admin.confirm')}
              cancelText={t('admin.cancel')}
              onConfirm={() =>
                act(() => setUserGroup(user.uid, user.groupid === 1 ? 2 : 1), t(user.groupid === 1 ? 'admin.users.demoted' : 'admin.users.promoted', { name: user.username }))
              }
            >
              <Button size="small" aria-label={t(user.groupid === 1 ? 'admin.users.demoteLabel' : 'admin.users.promoteLabel', { name: user.username })}>
                {user.groupid === 1 ? t('admin.users.demote') : t('admin.users.promote')}
              </Button>
            </Popconfirm>
            <Button size="small" onClick={() => setLog({ uid: user.uid, username: user.username })} aria-label={t('admin.users.logLabel', { name: user.username })}>
              {t('admin.users.log')}
            </Button>
            {/* Seed 001 §5: administrators have no delete button; demote them first. */}
            {user.groupid !== 1 && (
              <Button size="small" danger onClick={() => setDeleting(user)} aria-label={t('admin.users.deleteLabel', { name: user.username })}>
                {t('admin.delete')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <AdminPanel id="users" title={t('admin.tabs.users')}>
      <div className="admin-tools">
        <AdminSearch label={t('admin.users.search')} value={typed.username} onChange={(value) => set('username', value)} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('admin.users.add')}
        </Button>
        <Button onClick={() => setLog({ uid: 0, username: '' })}>{t('admin.users.logAll')}</Button>
      </div>
      <ListState query={users} rows={(data) => data.users.length} empty={query.username ? t('admin.noMatch') : t('admin.users.empty')}>
        {(data) => (
          <>
            <Table<AdminUserRow>
              className="admin-table"
              rowKey="uid"
              size="small"
              columns={columns}
              dataSource={data.users}
              pagination={false}
              scroll={{ x: 'max-content' }}
              aria-label={t('admin.users.listLabel')}
            />
            <ListPages page={page} pageSize={ADMIN_PAGE_SIZE} total={data.total} onChange={setPage} label={t('admin.pagesLabel')} />
          </>
        )}
      </ListState>
      {editing !== null && <UserFormDialog user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => void refresh()} />}
      {deleting && <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} onDeleted={() => void refresh()} />}
      {log && <LoginLogDialog target={log} onClose={() => setLog(null)} />}
    </AdminPanel>
  );
}
