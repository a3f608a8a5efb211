import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeUserPassword, saveAdminUser, type AdminUserRow } from '../../api/admin';
import { FormDialog } from '../../components/FormDialog';
import { errorText } from './ListState';

interface UserFields {
  username: string;
  name: string;
  password: string;
}

/**
 * Adds an account, or edits one (seed 001 §5): the username is read-only when editing and the password
 * field is only for changing it, so leaving it empty keeps the old one.
 */
export function UserFormDialog({ user, onClose, onSaved }: { user: AdminUserRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<UserFields>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const creating = user === null;

  const saving = useMutation({
    mutationFn: async (values: UserFields) => {
      if (creating) {
        await saveAdminUser({ uid: 0, username: values.username.trim(), password: values.password, name: values.name.trim() });
      } else {
        await saveAdminUser({ uid: user.uid, username: user.username, password: '', name: values.name.trim() });
        if (values.password) await changeUserPassword(user.uid, values.password);
      }
    },
    onMutate: () => setRefusal(null),
    onSuccess: (_done, values) => {
      void message.success(creating ? t('admin.users.added', { name: values.username.trim() }) : t('admin.saved'));
      onSaved();
      onClose();
    },
    onError: (error) => setRefusal(errorText(error)),
  });

  return (
    <FormDialog<UserFields>
      open
      name="admin-user"
      title={creating ? t('admin.users.addTitle') : t('admin.users.editTitle', { name: user.username })}
      form={form}
      okText={creating ? t('admin.users.add') : t('admin.save')}
      loading={saving.isPending}
      onClose={onClose}
      onSubmit={(values) => saving.mutate(values)}
      initialValues={{ username: user?.username ?? '', name: user?.name ?? '', password: '' }}
    >
      {refusal && <Alert className="admin-gap" type="error" showIcon title={refusal} role="alert" />}
      <Form.Item
        name="username"
        label={t('admin.users.username')}
        rules={creating ? [{ required: true, whitespace: true, message: t('admin.users.usernameRequired') }] : []}
        extra={creating ? undefined : t('admin.users.usernameFixed')}
      >
        <Input autoComplete="off" disabled={!creating} maxLength={200} />
      </Form.Item>
      <Form.Item name="name" label={t('admin.users.name')}>
        <Input autoComplete="off" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="password"
        label={creating ? t('admin.users.password') : t('admin.users.newPassword')}
        extra={creating ? undefined : t('admin.users.passwordKeep')}
        rules={creating ? [{ required: true, message: t('admin.users.passwordRequired') }] : []}
      >
        <Input.Password autoComplete="new-password" maxLength={1024} />
      </Form.Item>
    </FormDialog>
  );
}
