import { UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App as AntApp, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { transferItem } from '../../../api/item';
import { FormDialog } from '../../../components/FormDialog';
import { LoginPasswordField } from './LoginPasswordField';
import type { LifecycleDialogProps } from './types';

interface TransferFields {
  username: string;
  password: string;
}

/** Hands the project to another user (`item/attorn`); 10209 no such user, 10208 wrong password. */
export default function TransferItemDialog({ item, open, onClose, onDone }: LifecycleDialogProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<TransferFields>();
  const transfer = useMutation({
    mutationFn: (fields: TransferFields) => transferItem(item.item_id, fields.username.trim(), fields.password),
    onSuccess: () => {
      void message.success(t('itemDialog.transfer.done'));
      onClose();
      onDone();
    },
  });

  return (
    <FormDialog
      open={open}
      name="transfer-item"
      form={form}
      title={t('itemDialog.transfer.title', { name: item.item_name })}
      okText={t('itemDialog.transfer.submit')}
      danger
      loading={transfer.isPending}
      onSubmit={(fields) => transfer.mutate(fields)}
      onClose={onClose}
    >
      <p className="dialog-muted">{t('itemDialog.transfer.text')}</p>
      <Form.Item
        label={t('itemDialog.transfer.username')}
        name="username"
        rules={[{ required: true, whitespace: true, message: t('itemDialog.transfer.usernameRequired') }]}
      >
        <Input prefix={<UserOutlined aria-hidden />} autoComplete="off" autoCapitalize="off" spellCheck={false} maxLength={200} autoFocus />
      </Form.Item>
      <LoginPasswordField />
    </FormDialog>
  );
}
