import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Form, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { addItem, ItemType, type CreatableItemType } from '../../api/item';
import { FormDialog } from '../../components/FormDialog';
import { ItemBaseFields, type ItemBaseValues } from './ItemBaseFields';
import { itemKind, ItemTypeIcon } from './ItemTypeIcon';
import { ALL_GROUP_ID, visitPasswordToSend } from './item-rules';
import { refreshItemLists, useItemGroups } from './queries';
import { VisibilityFields, type VisibilityValues } from './VisibilityFields';

interface CreateFields extends ItemBaseValues, VisibilityValues {
  item_type: CreatableItemType;
  item_group_id: number;
}

const kinds: CreatableItemType[] = [ItemType.regular, ItemType.singlePage, ItemType.spreadsheet];

/**
 * The create-project dialog (seed 000 §2), also at `/item/add`: regular, single-page or spreadsheet,
 * open or private, optionally filed in one of the person's groups. A new project opens right away.
 */
export default function CreateItemDialog({ open, onClose, defaultGroupId }: { open: boolean; onClose: () => void; defaultGroupId: number }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const groups = useItemGroups();
  const [form] = Form.useForm<CreateFields>();
  const groupList = groups.data ?? [];
  const knownGroup = groupList.some((group) => group.id === defaultGroupId);

  // `/item/add` may open before the groups arrive: file the project in the chosen group once it is known.
  useEffect(() => {
    if (open && knownGroup && !form.isFieldTouched('item_group_id')) form.setFieldValue('item_group_id', defaultGroupId);
  }, [open, knownGroup, defaultGroupId, form]);

  const create = useMutation({
    mutationFn: addItem,
    onSuccess: ({ item_id }) => {
      void message.success(t('itemDialog.create.done'));
      void refreshItemLists(queryClient);
      onClose();
      navigate(`/${item_id}`);
    },
  });

  const submit = (fields: CreateFields) => {
    const password = visitPasswordToSend(fields.visibility, fields.password, false);
    if (password === null || password === undefined) {
      // Seed 000 §5: said out loud, and nothing is sent.
      void message.error(t('itemDialog.privateNeedsPassword'));
      return;
    }
    create.mutate({
      item_type: fields.item_type,
      item_name: fields.item_name.trim(),
      item_description: fields.item_description ?? '',
      item_domain: (fields.item_domain ?? '').trim(),
      password,
      item_group_id: fields.item_group_id ?? ALL_GROUP_ID,
    });
  };

  return (
    <FormDialog<CreateFields>
      open={open}
      name="create-item"
      form={form}
      title={t('itemDialog.create.title')}
      okText={t('itemDialog.create.submit')}
      loading={create.isPending}
      width={600}
      initialValues={{
        item_type: ItemType.regular,
        visibility: 'open',
        item_group_id: defaultGroupId > 0 && knownGroup ? defaultGroupId : ALL_GROUP_ID,
      }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item label={t('itemDialog.create.kind')} name="item_type">
        <Radio.Group
          className="item-kind-choice"
          options={kinds.map((kind) => ({
            value: kind,
            label: (
              <span className="item-kind-option">
                <ItemTypeIcon itemType={kind} className="item-kind-icon" decorative />
                <span className="item-kind-title">{t(`itemDialog.create.kinds.${itemKind(kind)}.title`)}</span>
                <span className="item-kind-text">{t(`itemDialog.create.kinds.${itemKind(kind)}.text`)}</span>
              </span>
            ),
          }))}
        />
      </Form.Item>
      <ItemBaseFields autoFocus />
      <VisibilityFields />
      {groupList.length > 0 && (
        <Form.Item label={t('itemDialog.group')} name="item_group_id">
          <Select
            options={[
              { value: ALL_GROUP_ID, label: t('itemDialog.noGroup') },
              ...groupList.map((group) => ({ value: group.id, label: group.group_name })),
            ]}
          />
        </Form.Item>
      )}
    </FormDialog>
  );
}
