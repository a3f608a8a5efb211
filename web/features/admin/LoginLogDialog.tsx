import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Modal, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLoginLog, loginLogKey, type LoginLogRow } from '../../api/admin';
import { ADMIN_PAGE_SIZE } from './admin-tabs';
import { ListPages, ListState } from './ListState';

/** Whose attempts to show: uid 0 for everyone's. */
export interface LoginLogTarget {
  uid: number;
  username: string;
}

/** Who tried to log in, when, from where, and whether it worked (and why not). Newest first. */
export function LoginLogDialog({ target, onClose }: { target: LoginLogTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = { page, count: ADMIN_PAGE_SIZE, uid: target.uid, username: '' };
  const log = useQuery({
    queryKey: loginLogKey(query),
    queryFn: ({ signal }) => fetchLoginLog(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const reasonText = (reason: string) => {
    const known = ['password', 'disabled', 'locked', 'captcha'];
    return known.includes(reason) ? t(`admin.log.reasons.${reason as 'password'}`) : reason;
  };
  const columns: TableColumnsType<LoginLogRow> = [
    { title: t('admin.log.time'), dataIndex: 'addtime', key: 'addtime' },
    ...(target.uid === 0 ? [{ title: t('admin.log.username'), dataIndex: 'username', key: 'username' }] : []),
    { title: t('admin.log.address'), dataIndex: 'ip', key: 'ip' },
    {
      title: t('admin.log.result'),
      key: 'result',
      render: (_, row) => (row.success === 1 ? <Tag color="green">{t('admin.log.success')}</Tag> : <Tag color="red">{t('admin.log.refused')}</Tag>),
    },
    { title: t('admin.log.reason'), key: 'reason', render: (_, row) => reasonText(row.reason) },
    { title: t('admin.log.agent'), dataIndex: 'user_agent', key: 'agent', ellipsis: true, width: 220 },
  ];
  return (
    <Modal
      open
      width={960}
      title={target.uid === 0 ? t('admin.log.titleAll') : t('admin.log.titleOne', { name: target.username })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <ListState query={log} rows={(data) => data.list.length} empty={t('admin.log.empty')}>
        {(data) => (
          <>
            <Table<LoginLogRow> rowKey="id" size="small" columns={columns} dataSource={data.list} pagination={false} scroll={{ x: 'max-content' }} />
            <ListPages page={page} pageSize={ADMIN_PAGE_SIZE} total={data.total} onChange={setPage} label={t('admin.pagesLabel')} />
          </>
        )}
      </ListState>
    </Modal>
  );
}
