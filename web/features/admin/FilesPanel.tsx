
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Radio, Segmented, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_KEY, adminFilesKey, batchDeleteAdminFiles, deleteAdminFile, fetchAdminFiles, type AdminFileRow, type AdminFileScope } from '../../api/admin';
import { ADMIN_PAGE_SIZE } from './admin-tabs';
import { errorText, ListPages, ListState } from './ListState';
import { usePagedFilters } from './usePagedFilters';
import { AdminPanel, AdminSearch } from './AdminPanel';

const BYTES_PER_MB = 1024 * 1024;

/** Attachments (seed 001 §2): every file of the site or the unused ones, filtered; several at once can go. */
export function FilesPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<AdminFileScope>('all');
  const { typed, filters, set, page, setPage } = usePagedFilters({ attachment_type: -1 as -1 | 1 | 2, display_name: '', username: '' });
  const query = { page, count: ADMIN_PAGE_SIZE, attachment_type: filters.attachment_type, display_name: filters.display_name.trim(), username: filters.username.trim() };
  const files = useQuery({
    queryKey: adminFilesKey(scope, query),
    queryFn: ({ signal }) => fetchAdminFiles(scope, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const [selected, setSelected] = useState<number[]>([]);

  const changeScope = (next: AdminFileScope) => {
    setScope(next);
    setSelected([]);
    setPage(1);
  };
  const afterDelete = async () => {
    setSelected([]);
    await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
  };
  const removeOne = async (file: AdminFileRow) => {
    try {
      await deleteAdminFile(file.file_id);
      void message.success(t('admin.files.deleted', { name: file.display_name }));
      await afterDelete();
    } catch (error) {
      void message.error(errorText(error));
    }
  };
  const batchRemoval = useMutation({
    mutationFn: (fileIds: number[]) => batchDeleteAdminFiles(fileIds),
    onSuccess: async ({ deleted }) => {
      void message.success(t('admin.files.batchDeleted', { count: deleted }));
      await afterDelete();
    },
    onError: (error) => void message.error(errorText(error)),
  });

  const sizeText = (bytes: number) => (bytes > 0 && bytes < BYTES_PER_MB / 100 ? t('admin.files.sizeTiny') : t('admin.files.size', { size: (bytes / BYTES_PER_MB).toFixed(2) }));
  const columns: TableColumnsType<AdminFileRow> = [
    {
      title: t('admin.files.name'),
      key: 'name',
      render: (_, file) => (
        // The file's own address: the server serves it safely (download unless a raster image).
        <a href={file.url} target="_blank" rel="noopener noreferrer">
          {file.display_name}
        </a>
      ),
    },
    { title: t('admin.files.type'), key: 'type', render: (_, file) => (file.attachment_type === 1 ? t('admin.files.image') : t('admin.files.other')) },
    { title: t('admin.files.sizeTitle'), key: 'size', render: (_, file) => sizeText(file.file_size) },
    { title: t('admin.files.uploader'), dataIndex: 'username', key: 'uploader' },
    { title: t('admin.files.usedBy'), key: 'used', render: (_, file) => (file.page_count > 0 ? t('admin.files.pages', { count: file.page_count }) : t('admin.files.unused')) },
    { title: t('admin.files.visits'), dataIndex: 'visit_times', key: 'visits' },
    { title: t('admin.files.uploaded'), dataIndex: 'addtime', key: 'addtime' },
    {
      title: t('admin.actions'),
      key: 'actions',
      render: (_, file) => (
        <Popconfirm
          title={t('admin.files.deleteConfirm', { name: file.display_name })}
          okText={t('admin.delete')}
          cancelText={t('admin.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => removeOne(file)}
        >
          <Button size="small" danger aria-label={t('admin.files.deleteLabel', { name: file.display_name })}>
            {t('admin.delete')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <AdminPanel id="files" title={t('admin.tabs.files')}>
      <div className="admin-tools">
        <Segmented<AdminFileScope>
          aria-label={t('admin.files.scopeLabel')}
          value={scope}
          onChange={changeScope}
          options={[
            { value: 'all', label: t('admin.files.all') },
            { value: 'unused', label: t('admin.files.unusedOnly') },
          ]}
        />
        <Radio.Group
          aria-label={t('admin.files.typeLabel')}
          optionType="button"
          value={typed.attachment_type}
          onChange={(event) => set('attachment_type', event.target.value as -1 | 1 | 2)}
          options={[
            { value: -1, label: t('admin.files.typeAll') },
            { value: 1, label: t('admin.files.typeImages') },
            { value: 2, label: t('admin.files.typeOther') },
          ]}
        />
      </div>
      <div className="admin-tools">
        <AdminSearch label={t('admin.files.searchName')} value={typed.display_name} onChange={(value) => set('display_name', value)} />
        <AdminSearch label={t('admin.files.searchUploader')} value={typed.username} onChange={(value) => set('username', value)} />
      </div>
      {scope === 'unused' && <p className="admin-muted">{t('admin.files.unusedHint')}</p>}
      <div className="admin-tools admin-tools-between">
        <span aria-live="polite">{files.data ? t('admin.files.used', { size: files.data.used_m.toFixed(2) }) : ' '}</span>
        <Space wrap>
          <Popconfirm
            title={t('admin.files.batchConfirm', { count: selected.length })}
            okText={t('admin.delete')}
            cancelText={t('admin.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => batchRemoval.mutateAsync(selected).catch(() => undefined)}
            disabled={selected.length === 0}
          >
            <Button danger disabled={selected.length === 0} loading={batchRemoval.isPending}>
              {t('admin.files.deleteSelected', { count: selected.length })}
            </Button>
          </Popconfirm>
        </Space>
      </div>
      <ListState query={files} rows={(data) => data.list.length} empty={scope === 'unused' ? t('admin.files.noUnused') : t('admin.files.empty')}>
        {(data) => (
          <>
            <Table<AdminFileRow>
              className="admin-table"
              rowKey="file_id"
              size="small"
              columns={columns}
              dataSource={data.list}
              pagination={false}
              scroll={{ x: 'max-content' }}
              rowSelection={{
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                preserveSelectedRowKeys: true,
                getCheckboxProps: (file) => ({ 'aria-label': t('admin.files.selectLabel', { name: file.display_name }) }),
              }}
            />
            <ListPages page={page} pageSize={ADMIN_PAGE_SIZE} total={data.total} onChange={setPage} label={t('admin.pagesLabel')} />
          </>
        )}
      </ListState>
    </AdminPanel>
  );
}
