import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Form } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { itemKeys, updateItem } from '../../../api/item';
import type { ItemBaseValues } from '../ItemBaseFields';
import { visitPasswordToSend } from '../item-rules';
import { refreshItemLists, useItemDetail } from '../queries';
import type { VisibilityValues } from '../VisibilityFields';

export type BaseInfoFields = ItemBaseValues & VisibilityValues;

/**
 * The base-info form's state and rules, shared by the dialog and the settings page's first tab. The server
 * never returns the visit password, so a private project starts with an empty password field: left empty,
 * the password is left out of `item/update` and stays as it is.
 */
export function useItemBaseInfo(itemId: number, onSaved: () => void) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BaseInfoFields>();
  const detail = useItemDetail(itemId);
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
      // A form that stays on screen (the settings page) starts again from what is saved now.
      void queryClient.invalidateQueries({ queryKey: itemKeys.detail(itemId) });
      onSaved();
    },
  });

  const submit = (fields: BaseInfoFields) => {
    const password = visitPasswordToSend(fields.visibility, fields.password, wasPrivate);
    if (password === null) {
      void message.error(t('itemDialog.privateNeedsPassword'));
      return;
    }
    save.mutate({
      item_id: itemId,
      item_name: fields.item_name.trim(),
      item_description: fields.item_description ?? '',
      item_domain: (fields.item_domain ?? '').trim(),
      password,
    });
  };

  return { form, detail, wasPrivate, submit, saving: save.isPending };
}
