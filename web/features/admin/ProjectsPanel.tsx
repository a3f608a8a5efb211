import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Popconfirm, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADMIN_KEY, adminItemsKey, attornAdminItem, changeAdminItem, fetchAdminItems, type AdminItemAction, type AdminItemRow } from '../../api/admin';
import { FormDialog } from '../../components/FormDialog';
import { ADMIN_PAGE_SIZE } from './admin-tabs';
import { errorText, ListPages, ListState } from './ListState';
import { usePagedFilters } from './usePagedFilters';
import { AdminPanel, AdminSearch } from './AdminPanel';

/** Projects (seed 001 §2): every project of the site, by name and owner; deleted ones can come back. */
export function ProjectsPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { typed, filters, set, page, setPage } = usePagedFilters({ item_name: '', username: '', is_del: 0 as 0 | 1 });
  const query = { page, count: ADMIN_PAGE_SIZE, item_name: filters.item_name.trim(), username: filters.username.trim(), is_del: filters.is_del };
  const items = useQuery({
    queryKey: adminItemsKey(query),
    queryFn: ({ signal }) => fetchAdminItems(query, signal),
    placeholderData: keepPreviousData,
  });
  const [transferring, setTransferring] = useState<AdminItemRow | null>(null);
  const deleted = filters.is_del === 1;

  const act = async (action: AdminItemAction, item: AdminItemRow, done: string) => {
    try {
      await changeAdminItem(action, item.item_id);
      void message.success(done);
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  const columns: TableColumnsType<AdminItemRow> = [
    {
      title: t('admin.items.name'),
      key: 'name',
      render: (_, item) => (
        <div className="admin-cell-main">
          {deleted ? <strong>{item.item_name}</strong> : <Link to={`/${item.item_id}`}>{item.item_name}</Link>}
          {item.item_description && <span className="admin-muted">{item.item_description}</span>}
        </div>
      ),
    },
    { title: t('admin.items.owner'), dataIndex: 'username', key: 'owner' },
    {
      title: t('admin.items.kind'),
      key: 'kind',
      render: (_, item) => (
        <Space size={4} wrap>
          {item.is_private === 1 ? <Tag>{t('admin.items.private')}</Tag> : <Tag color="green">{t('admin.items.public')}</Tag>}
          {item.is_archived === 1 && <Tag color="default">{t('admin.items.archived')}</Tag>}
        </Space>
      ),
    },
    { title: t('admin.items.pages'), dataIndex: 'page_count', key: 'pages' },
    { title: t('admin.items.members'), dataIndex: 'member_num', key: 'members' },
    deleted
      ? { title: t('admin.items.deletedAt'), dataIndex: 'del_time', key: 'del_time' }
      : { title: t('admin.items.created'), dataIndex: 'addtime', key: 'addtime' },
    {
      title: t('admin.actions'),
      key: 'actions',
      render: (_, item) =>
        deleted ? (
          <Space size={4} wrap>
            <Button size="small" onClick={() => void act('recoverItem', item, t('admin.items.recovered', { name: item.item_name }))} aria-label={t('admin.items.recoverLabel', { name: item.item_name })}>
              {t('admin.items.recover')}
            </Button>
            <Popconfirm
              title={t('admin.items.hardDeleteConfirm', { name: item.item_name })}
              okText={t('admin.items.hardDelete')}
              cancelText={t('admin.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => act('hardDeleteItem', item, t('admin.items.hardDeleted', { name: item.item_name }))}
            >
              <Button size="small" danger aria-label={t('admin.items.hardDeleteLabel', { name: item.item_name })}>
                {t('admin.items.hardDelete')}
              </Button>
            </Popconfirm>
          </Space>
        ) : (
          <Space size={4} wrap>
            <Button size="small" onClick={() => setTransferring(item)} aria-label={t('admin.items.transferLabel', { name: item.item_name })}>
              {t('admin.items.transfer')}
            </Button>
            <Popconfirm
              title={t('admin.items.deleteConfirm', { name: item.item_name })}
              okText={t('admin.delete')}
              cancelText={t('admin.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => act('deleteItem', item, t('admin.items.deleted', { name: item.item_name }))}
            >
              <Button size="small" danger aria-label={t('admin.items.deleteLabel', { name: item.item_name })}>
                {t('admin.delete')}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <AdminPanel id="items" title={t('admin.tabs.projects')}>
      <div className="admin-tools">
        <AdminSearch label={t('admin.items.searchName')} value={typed.item_name} onChange={(value) => set('item_name', value)} />
        <AdminSearch label={t('admin.items.searchOwner')} value={typed.username} onChange={(value) => set('username', value)} />
        <label className="admin-switch">
          <Switch checked={typed.is_del === 1} onChange={(on) => set('is_del', on ? 1 : 0)} aria-label={t('admin.items.showDeleted')} />
          <span>{t('admin.items.showDeleted')}</span>
        </label>
      </div>
      {deleted && <p className="admin-muted">{t('admin.items.deletedHint')}</p>}
      <ListState query={items} rows={(data) => data.items.length} empty={deleted ? t('admin.items.noDeleted') : query.item_name || query.username ? t('admin.noMatch') : t('admin.items.empty')}>
        {(data) => (
          <>
            <Table<AdminItemRow> className="admin-table" rowKey="item_id" size="small" columns={columns} dataSource={data.items} pagination={false} scroll={{ x: 'max-content' }} />
            <ListPages page={page} pageSize={ADMIN_PAGE_SIZE} total={data.total} onChange={setPage} label={t('admin.pagesLabel')} />
          </>
        )}
      </ListState>
      {transferring && (
        <TransferDialog
          item={transferring}
          onClose={() => setTransferring(null)}
          onDone={() => {
            void message.success(t('admin.items.transferred', { name: transferring.item_name }));
            void queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
          }}
        />
      )}
    </AdminPanel>
  );
}

function TransferDialog({ item, onClose, onDone }: { item: AdminItemRow; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ username: string }>();
  const transfer = useMutation({
    mutationFn: (username: string) => attornAdminItem(item.item_id, username),
    onSuccess: () => {
      onDone();
      onClose();
    },
    onError: (error) => form.setFields([{ name: 'username', errors: [errorText(error)] }]),
  });
  return (
    <FormDialog<{ username: string }>
      open
      name="admin-attorn"
      title={t('admin.items.transferTitle', { name: item.item_name })}
      form={form}
      okText={t('admin.items.transfer')}
      loading={transfer.isPending}
      onClose={onClose}
      onSubmit={({ username }) => transfer.mutate(username.trim())}
    >
      <p className="admin-muted">{t('admin.items.transferHint', { owner: item.username })}</p>
      <Form.Item name="username" label={t('admin.items.receiver')} rules={[{ required: true, whitespace: true, message: t('admin.items.receiverRequired') }]}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}
