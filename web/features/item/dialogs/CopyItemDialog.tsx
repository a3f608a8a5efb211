import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyItem } from '../../../api/item';
import { FormDialog } from '../../../components/FormDialog';
import { visitPasswordToSend } from '../item-rules';
import { refreshItemLists } from '../queries';
import { VisibilityFields, type VisibilityValues } from '../VisibilityFields';
import type { ItemDialogProps } from './types';

interface CopyFields extends VisibilityValues {
  item_name: string;
  item_description: string;
}

/**
 * A new project of mine with the source's catalogs and pages (seed 001 §4): an open copy sends an empty
 * password, a private copy needs one of its own.
 */
export default function CopyItemDialog({ item, open, onClose }: ItemDialogProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CopyFields>();
  const copy = useMutation({
    mutationFn: copyItem,
    onSuccess: () => {
      void message.success(t('itemDialog.copy.done'));
      void refreshItemLists(queryClient);
      onClose();
    },
  });

  const submit = (fields: CopyFields) => {
    const password = visitPasswordToSend(fields.visibility, fields.password, false);
    if (password === null || password === undefined) {
      void message.error(t('itemDialog.privateNeedsPassword'));
      return;
    }
    copy.mutate({
      copy_item_id: item.item_id,
      item_name: fields.item_name.trim(),
      item_description: fields.item_description ?? '',
      password,
    });
  };

  return (
    <FormDialog<CopyFields>
      open={open}
      name="copy-item"
      form={form}
      title={t('itemDialog.copy.title', { name: item.item_name })}
      okText={t('itemDialog.copy.submit')}
      loading={copy.isPending}
      initialValues={{
        item_name: t('itemDialog.copy.defaultName', { name: item.item_name }),
        item_description: item.item_description ?? '',
        visibility: item.is_private === 1 ? 'private' : 'open',
      }}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="dialog-muted">{t('itemDialog.copy.text')}</p>
      <Form.Item
        label={t('itemDialog.name')}
        name="item_name"
        rules={[{ required: true, whitespace: true, message: t('itemDialog.nameRequired') }]}
      >
        <Input maxLength={100} autoFocus />
      </Form.Item>
      <Form.Item label={t('itemDialog.description')} name="item_description">
        <Input.TextArea maxLength={2000} rows={3} />
      </Form.Item>
      <VisibilityFields />
    </FormDialog>
  );
}
