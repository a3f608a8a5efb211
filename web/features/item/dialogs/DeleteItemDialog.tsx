import { useMutation } from '@tanstack/react-query';
import { Alert, App as AntApp, Form } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteItem } from '../../../api/item';
import { FormDialog } from '../../../components/FormDialog';
import { LoginPasswordField } from './LoginPasswordField';
import type { LifecycleDialogProps } from './types';

/** Seed 000 §9: the delete button's loading state ends after 5 s at the latest, whatever the server does. */
export const DELETE_LOADING_MAX_MS = 5000;

export default function DeleteItemDialog({ item, open, onClose, onDone }: LifecycleDialogProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const remove = useMutation({
    mutationFn: (password: string) => deleteItem(item.item_id, password),
    onSuccess: () => {
      void message.success(t('itemDialog.delete.done'));
      onClose();
      onDone();
    },
    onSettled: () => {
      clearTimeout(timer.current);
      setBusy(false);
    },
  });

  const submit = (password: string) => {
    setBusy(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setBusy(false), DELETE_LOADING_MAX_MS);
    remove.mutate(password);
  };

  return (
    <FormDialog
      open={open}
      name="delete-item"
      form={form}
      title={t('itemDialog.delete.title', { name: item.item_name })}
      okText={t('itemDialog.delete.submit')}
      danger
      loading={busy}
      onSubmit={({ password }) => submit(password)}
      onClose={onClose}
    >
      <Alert type="error" showIcon className="dialog-alert" title={t('itemDialog.delete.text')} />
      <LoginPasswordField autoFocus />
    </FormDialog>
  );
}
