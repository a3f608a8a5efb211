import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Modal, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminUsersKey, deleteAdminUser, fetchAdminUsers, type AdminUserRow, type ProjectsFate } from '../../api/admin';
import { useCurrentUser } from '../user/current-user';
import { errorText } from './ListState';

/** Administrators the projects can go to; a site has few, so the first hundred accounts hold them. */
const ADMIN_PICKER_QUERY = { page: 1, count: 100, username: '', groupid: 1 };

/**
 * Deleting an account says what it owns and lets the admin choose what happens to it (issue 17): its
 * projects and files go to an administrator (me by default) or are deleted with it, in one transaction
 * on the server.
 */
export function DeleteUserDialog({ user, onClose, onDeleted }: { user: AdminUserRow; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useCurrentUser().data;
  const owns = user.item_count > 0 || user.file_count > 0;
  const [fate, setFate] = useState<Exclude<ProjectsFate, 'refuse'>>('transfer');
  const [receiver, setReceiver] = useState<number | undefined>(me?.uid);
  const [refusal, setRefusal] = useState<string | null>(null);
  const admins = useQuery({
    queryKey: adminUsersKey(ADMIN_PICKER_QUERY),
    queryFn: ({ signal }) => fetchAdminUsers(ADMIN_PICKER_QUERY, signal),
    enabled: owns,
  });
  const adminOptions = (admins.data?.users ?? [])
    .filter((row) => row.groupid === 1 && row.is_disabled !== 1)
    .map((row) => ({ value: row.uid, label: row.name ? `${row.username} (${row.name})` : row.username }));
  if (me && !adminOptions.some((option) => option.value === me.uid)) adminOptions.unshift({ value: me.uid, label: me.username });

  const removal = useMutation({
    mutationFn: () => {
      // With nothing owned, 'refuse' is the safe choice: the server refuses if that changed meanwhile.
      const projects: ProjectsFate = owns ? fate : 'refuse';
      return deleteAdminUser({ uid: user.uid, projects, receiver_uid: projects === 'transfer' ? (receiver ?? 0) : 0 });
    },
    onMutate: () => setRefusal(null),
    onSuccess: () => {
      void message.success(t('admin.users.deleted', { name: user.username }));
      onDeleted();
      onClose();
    },
    onError: (error) => setRefusal(errorText(error)),
  });

  return (
    <Modal
      open
      title={t('admin.users.deleteTitle', { name: user.username })}
      okText={t('admin.delete')}
      cancelText={t('admin.cancel')}
      okButtonProps={{ danger: true, loading: removal.isPending, disabled: owns && fate === 'transfer' && !receiver }}
      onOk={() => removal.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      {refusal && <Alert className="admin-gap" type="error" showIcon title={refusal} role="alert" />}
      <p>{owns ? t('admin.users.deleteOwns', { items: user.item_count, files: user.file_count }) : t('admin.users.deleteNothing')}</p>
      {owns && (
        <Radio.Group value={fate} onChange={(event) => setFate(event.target.value as 'transfer' | 'delete')} aria-label={t('admin.users.fateLabel')}>
          <Space orientation="vertical">
            <Radio value="transfer">{t('admin.users.fateTransfer')}</Radio>
            {fate === 'transfer' && (
              <Select
                className="admin-receiver"
                aria-label={t('admin.users.receiver')}
                value={receiver}
                onChange={setReceiver}
                options={adminOptions}
                loading={admins.isLoading}
                showSearch={{ optionFilterProp: 'label' }}
              />
            )}
            <Radio value="delete">{t('admin.users.fateDelete')}</Radio>
          </Space>
        </Radio.Group>
      )}
      <p className="admin-muted">{t('admin.users.deleteFinal')}</p>
    </Modal>
  );
}
