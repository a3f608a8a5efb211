import { useMutation } from '@tanstack/react-query';
import { Alert, App as AntApp, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { archiveItem } from '../../../api/item';
import { FormDialog } from '../../../components/FormDialog';
import { LoginPasswordField } from './LoginPasswordField';
import type { LifecycleDialogProps } from './types';

/** Seed 000 §4: an archived project is read-only for good; the owner confirms with the login password. */
export default function ArchiveItemDialog({ item, open, onClose, onDone }: LifecycleDialogProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const archive = useMutation({
    mutationFn: (password: string) => archiveItem(item.item_id, password),
    onSuccess: () => {
      void message.success(t('itemDialog.archive.done'));
      onClose();
      onDone();
    },
  });

  return (
    <FormDialog
      open={open}
      name="archive-item"
      form={form}
      title={t('itemDialog.archive.title', { name: item.item_name })}
      okText={t('itemDialog.archive.submit')}
      danger
      loading={archive.isPending}
      onSubmit={({ password }) => archive.mutate(password)}
      onClose={onClose}
    >
      <Alert type="warning" showIcon className="dialog-alert" title={t('itemDialog.archive.text')} />
      <LoginPasswordField autoFocus />
    </FormDialog>
  );
}
