import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Form } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogKeys, createCatalog } from '../../api/catalog';
import { FormDialog } from '../../components/FormDialog';
import type { ReaderToolDialogProps } from '../reader/tools';
import { catalogChoices, parentChoices } from './catalog-choices';
import { CatalogNameInput, catalogNameRules } from './CatalogNameInput';
import { CatalogParentSelect } from './CatalogParentSelect';
import { catalogTreeQuery } from './queries';
import { RetryAlert } from '../../components/RetryAlert';

interface NewCatalogFields {
  cat_name: string;
  parent_cat_id: number;
}

/**
 * Seed 001 §2 "new catalog" of the editors' bar: a name and a parent. Only parents that keep the new
 * catalog within three levels are offered; the catalog of the page on screen is the default when it can
 * take one.
 */
export default function NewCatalogDialog({ open, context, onClose, onChanged }: ReaderToolDialogProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<NewCatalogFields>();
  const itemId = context.item.item_id;

  const tree = useQuery({ ...catalogTreeQuery(itemId), enabled: open });
  const choices = useMemo(() => parentChoices(catalogChoices(tree.data), 1), [tree.data]);
  const pageCatId = context.page?.cat_id ?? 0;
  const defaultParent = choices.some((choice) => choice.catId === pageCatId) ? pageCatId : 0;

  // The tree arrives after the form opens; the default waits for it unless a parent was already chosen.
  useEffect(() => {
    if (tree.data && !form.isFieldTouched('parent_cat_id')) form.setFieldValue('parent_cat_id', defaultParent);
  }, [tree.data, defaultParent, form]);

  const create = useMutation({
    mutationFn: (fields: NewCatalogFields) => createCatalog(itemId, fields.cat_name.trim(), fields.parent_cat_id),
    onSuccess: () => {
      void message.success(t('catalogManager.created'));
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all() });
      onChanged();
      onClose();
    },
    // A refusal (depth, limit, rights) was alerted by the API client; the form stays for another try.
  });

  return (
    <FormDialog<NewCatalogFields>
      open={open}
      title={t('catalogManager.newTitle')}
      name="new-catalog"
      form={form}
      onSubmit={(fields) => create.mutate(fields)}
      onClose={onClose}
      okText={t('catalogManager.create')}
      loading={create.isPending}
      initialValues={{ cat_name: '', parent_cat_id: 0 }}
    >
      <Form.Item label={t('catalogManager.name')} name="cat_name" rules={catalogNameRules(t)}>
        <CatalogNameInput autoFocus />
      </Form.Item>
      <Form.Item label={t('catalogManager.parent')} name="parent_cat_id" extra={t('catalogManager.parentHint')}>
        <CatalogParentSelect choices={choices} loading={tree.isPending} />
      </Form.Item>
      {tree.isError && (
        <RetryAlert message={tree.error.message} onRetry={() => void tree.refetch()} />
      )}
    </FormDialog>
  );
}
