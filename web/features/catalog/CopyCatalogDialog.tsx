import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Form, Radio, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogKeys, copyCatalog } from '../../api/catalog';
import type { ListItem } from '../../api/item';
import { FormDialog } from '../../components/FormDialog';
import { ALL_GROUP_ID } from '../item/item-rules';
import { useMyItems } from '../item/queries';
import { catalogChoices, parentChoices } from './catalog-choices';
import { CatalogParentSelect } from './CatalogParentSelect';
import { catalogTreeQuery } from './queries';
import { RetryAlert } from '../../components/RetryAlert';

type CopyMode = 'copy' | 'move';

interface CopyFields {
  mode: CopyMode;
  to_item_id: number;
  parent_cat_id: number;
}

export interface CopySource {
  catId: number;
  name: string;
  /** Where it hangs now (0 = top level): the default place for a copy in the same project. */
  parentCatId: number;
  /** Catalog levels it brings along (1 = no sub-catalogs), so the target keeps within three levels. */
  height: number;
}

interface CopyCatalogDialogProps {
  open: boolean;
  /** The project the catalog is in. */
  item: { id: number; name: string };
  source: CopySource;
  onClose: () => void;
  /** After the copy or move. */
  onDone: () => void;
  /** After a refusal (alerted by the API client), so the screen behind shows what the server holds. */
  onFailed?: () => void;
}

/**
 * Seed 001 §2 "copy or move a catalog": to a parent catalog of this or another project the person works
 * on. `item/myList` does not say who may edit, so every regular project is offered and the server refuses
 * the ones where the person only reads (alerted by the API client).
 */
export function CopyCatalogDialog({ open, item, source, onClose, onDone, onFailed }: CopyCatalogDialogProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CopyFields>();
  const mode = Form.useWatch('mode', form) ?? 'copy';
  const toItemId = Form.useWatch('to_item_id', form) ?? item.id;

  const items = useMyItems(ALL_GROUP_ID, open);
  const projects = useMemo(() => targetProjects(items.data ?? [], item), [items.data, item]);
  const tree = useQuery({ ...catalogTreeQuery(toItemId), enabled: open && toItemId > 0 });
  const moving = mode === 'move' && toItemId === item.id ? source.catId : undefined;
  const choices = useMemo(() => parentChoices(catalogChoices(tree.data), source.height, moving), [tree.data, source.height, moving]);

  const copy = useMutation({
    mutationFn: (fields: CopyFields) =>
      copyCatalog({ catId: source.catId, toItemId: fields.to_item_id, parentCatId: fields.parent_cat_id, move: fields.mode === 'move' }),
    onSuccess: (_row, fields) => {
      void message.success(t(fields.mode === 'move' ? 'catalogManager.copy.moved' : 'catalogManager.copy.copied'));
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all() });
      onDone();
      onClose();
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all() });
      onFailed?.();
    },
  });

  // A parent that the chosen project and action do not offer (a catalog of the project left, the catalog
  // itself when moving) goes back to the top level once the target's tree is known.
  useEffect(() => {
    if (!tree.data) return;
    const parent = form.getFieldValue('parent_cat_id') as number | undefined;
    if (parent !== undefined && parent !== 0 && !choices.some((choice) => choice.catId === parent)) form.setFieldValue('parent_cat_id', 0);
  }, [tree.data, choices, form]);

  return (
    <FormDialog<CopyFields>
      open={open}
      title={t('catalogManager.copy.title', { name: source.name })}
      name="copy-catalog"
      form={form}
      onSubmit={(fields) => copy.mutate(fields)}
      onClose={onClose}
      okText={t(mode === 'move' ? 'catalogManager.copy.move' : 'catalogManager.copy.copy')}
      loading={copy.isPending}
      initialValues={{ mode: 'copy', to_item_id: item.id, parent_cat_id: source.parentCatId }}
    >
      <p className="dialog-muted">{t('catalogManager.copy.text')}</p>
      <Form.Item label={t('catalogManager.copy.mode')} name="mode">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'copy', label: t('catalogManager.copy.copy') },
            { value: 'move', label: t('catalogManager.copy.move') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('catalogManager.copy.project')} name="to_item_id">
        <Select<number>
          loading={items.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          options={projects.map((project) => ({ value: project.id, label: project.name }))}
        />
      </Form.Item>
      <Form.Item label={t('catalogManager.copy.parent')} name="parent_cat_id" extra={t('catalogManager.copy.parentHint')}>
        <CatalogParentSelect choices={choices} loading={tree.isPending} />
      </Form.Item>
      {tree.isError && (
        <RetryAlert className="dialog-alert" message={tree.error.message} onRetry={() => void tree.refetch()} />
      )}
      {mode === 'move' && toItemId !== item.id && <Alert type="info" showIcon title={t('catalogManager.copy.moveAway')} />}
    </FormDialog>
  );
}

/** Regular projects that are not archived (only they have catalogs to write to); this one always. */
function targetProjects(list: readonly ListItem[], current: { id: number; name: string }): { id: number; name: string }[] {
  const others = list
    .filter((entry) => entry.item_id !== current.id && [0, 1].includes(entry.item_type) && entry.is_archived !== 1)
    .map((entry) => ({ id: entry.item_id, name: entry.item_name }));
  return [current, ...others];
}
