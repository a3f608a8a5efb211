import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Form, Result, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { updateItem } from '../../../api/item';
import { FormDialog } from '../../../components/FormDialog';
import { ItemBaseFields, type ItemBaseValues } from '../ItemBaseFields';
import { visitPasswordToSend } from '../item-rules';
import { refreshItemLists, useItemDetail } from '../queries';
import { VisibilityFields, type VisibilityValues } from '../VisibilityFields';
import type { ItemDialogProps } from './types';

type BaseInfoFields = ItemBaseValues & VisibilityValues;

/**
 * Name, description, personal domain, open or private (seed 001 §2 "Base info"). The server never returns
 * the visit password, so a private project shows an empty password field: left empty, the password is
 * left out of `item/update` and stays as it is.
 */
export default function ItemBaseInfoDialog({ item, open, onClose }: ItemDialogProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BaseInfoFields>();
  const detail = useItemDetail(item.item_id);
  const wasPrivate = detail.data?.is_private === 1;

  useEffect(() => {
    if (!detail.data) return;
    form.setFieldsValue({
      item_name: detail.data.item_name,
      item_description: detail.data.item_description,
      item_domain: detail.data.item_domain,
      visibility: detail.data.is_private === 1 ? 'private' : 'open',
      password: '',
    });
  }, [detail.data, form]);

  const save = useMutation({
    mutationFn: updateItem,
    onSuccess: () => {
      void message.success(t('itemDialog.baseInfo.done'));
      void refreshItemLists(queryClient);
      onClose();
    },
  });

  const submit = (fields: BaseInfoFields) => {
    const password = visitPasswordToSend(fields.visibility, fields.password, wasPrivate);
    if (password === null) {
      void message.error(t('itemDialog.privateNeedsPassword'));
      return;
    }
    save.mutate({
      item_id: item.item_id,
      item_name: fields.item_name.trim(),
      item_description: fields.item_description ?? '',
      item_domain: (fields.item_domain ?? '').trim(),
      password,
    });
  };

  return (
    <FormDialog<BaseInfoFields>
      open={open}
      name="item-base-info"
      form={form}
      title={t('itemDialog.baseInfo.title', { name: item.item_name })}
      okText={t('itemDialog.save')}
      loading={save.isPending}
      okDisabled={!detail.data}
      onSubmit={submit}
      onClose={onClose}
    >
      {detail.data ? (
        <>
          <ItemBaseFields autoFocus />
          <VisibilityFields keepHint={wasPrivate} />
        </>
      ) : detail.isError ? (
        <Result
          status="warning"
          title={t('common.loadFailed')}
          subTitle={detail.error.message}
          extra={<Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 5 }} />
      )}
    </FormDialog>
  );
}
