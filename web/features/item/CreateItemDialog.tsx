import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiOutlined, ImportOutlined } from '@ant-design/icons';
import { App as AntApp, Form, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { addItem, itemPath, ItemType, type CreatableItemType, type NewItemInput } from '../../api/item';
import { FormDialog } from '../../components/FormDialog';
import { ImportFilePicker } from '../import/ImportFilePicker';
import OpenApiReadyDialog from '../import/OpenApiReadyDialog';
import { useImportUpload } from '../import/useImportUpload';
import { ItemBaseFields, type ItemBaseValues } from './ItemBaseFields';
import { itemKind, ItemTypeIcon } from './ItemTypeIcon';
import { ALL_GROUP_ID, visitPasswordToSend } from './item-rules';
import { refreshItemLists, useItemGroups } from './queries';
import { VisibilityFields, type VisibilityValues } from './VisibilityFields';

/** The item types, plus the two ways of starting from existing docs (issue 7): a file, or the open API. */
type CreateKind = CreatableItemType | 'import' | 'openApi';

interface CreateFields extends ItemBaseValues, VisibilityValues {
  item_type: CreateKind;
  item_group_id: number;
}

const kinds: CreateKind[] = [ItemType.regular, ItemType.singlePage, ItemType.spreadsheet, 'import', 'openApi'];

function KindLabel({ kind }: { kind: CreateKind }) {
  const { t } = useTranslation();
  const [icon, title, text] =
    kind === 'import'
      ? [<ImportOutlined key="icon" aria-hidden className="item-kind-icon" />, t('import.kinds.file.title'), t('import.kinds.file.text')]
      : kind === 'openApi'
        ? [<ApiOutlined key="icon" aria-hidden className="item-kind-icon" />, t('import.kinds.openApi.title'), t('import.kinds.openApi.text')]
        : [
            <ItemTypeIcon key="icon" itemType={kind} className="item-kind-icon" decorative />,
            t(`itemDialog.create.kinds.${itemKind(kind)}.title`),
            t(`itemDialog.create.kinds.${itemKind(kind)}.text`),
          ];
  return (
    <span className="item-kind-option">
      {icon}
      <span className="item-kind-title">{title}</span>
      <span className="item-kind-text">{text}</span>
    </span>
  );
}

/**
 * The create-project dialog (seed 000 §2), also at `/item/add`: regular, single-page or spreadsheet,
 * open or private, optionally filed in one of the person's groups. A new project opens right away.
 * "Import a file" builds the project from an upload instead; "Generate from the open API" creates a
 * regular project and then explains how scripts fill it, with its own key.
 */
export default function CreateItemDialog({ open, onClose, defaultGroupId }: { open: boolean; onClose: () => void; defaultGroupId: number }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const groups = useItemGroups();
  const [form] = Form.useForm<CreateFields>();
  const kind = Form.useWatch('item_type', form) ?? ItemType.regular;
  const [openApiProject, setOpenApiProject] = useState<{ itemId: number; name: string } | null>(null);
  const groupList = groups.data ?? [];
  const knownGroup = groupList.some((group) => group.id === defaultGroupId);

  // `/item/add` may open before the groups arrive: file the project in the chosen group once it is known.
  useEffect(() => {
    if (open && knownGroup && !form.isFieldTouched('item_group_id')) form.setFieldValue('item_group_id', defaultGroupId);
  }, [open, knownGroup, defaultGroupId, form]);

  const create = useMutation({
    mutationFn: ({ input }: { input: NewItemInput; guide: boolean }) => addItem(input),
    onSuccess: ({ item_id }, { input, guide }) => {
      void message.success(t('itemDialog.create.done'));
      void refreshItemLists(queryClient);
      if (guide) {
        setOpenApiProject({ itemId: item_id, name: input.item_name });
        return;
      }
      onClose();
      // A project with a personal domain is read at /{domain} (seed 001 router), from its first visit on.
      navigate(itemPath({ item_id, item_domain: input.item_domain }));
    },
  });

  // Seed 000 §4 goes back to the list after an import; the new project itself is the more useful place.
  const upload = useImportUpload(undefined, ({ itemId }) => {
    void message.success(t('import.newDone'));
    void refreshItemLists(queryClient);
    onClose();
    navigate(itemId === null ? '/item/index' : `/${itemId}`);
  });

  const submit = (fields: CreateFields) => {
    if (fields.item_type === 'import') {
      upload.start();
      return;
    }
    const password = visitPasswordToSend(fields.visibility, fields.password, false);
    if (password === null || password === undefined) {
      // Seed 000 §5: said out loud, and nothing is sent.
      void message.error(t('itemDialog.privateNeedsPassword'));
      return;
    }
    create.mutate({
      input: {
        item_type: fields.item_type === 'openApi' ? ItemType.regular : fields.item_type,
        item_name: fields.item_name.trim(),
        item_description: fields.item_description ?? '',
        item_domain: (fields.item_domain ?? '').trim(),
        password,
        item_group_id: fields.item_group_id ?? ALL_GROUP_ID,
      },
      guide: fields.item_type === 'openApi',
    });
  };

  if (openApiProject) {
    return (
      <OpenApiReadyDialog
        open={open}
        itemId={openApiProject.itemId}
        itemName={openApiProject.name}
        onClose={onClose}
        onOpenProject={() => {
          onClose();
          navigate(`/${openApiProject.itemId}`);
        }}
      />
    );
  }

  const importing = kind === 'import';
  return (
    <FormDialog<CreateFields>
      open={open}
      name="create-item"
      form={form}
      title={t('itemDialog.create.title')}
      okText={importing ? t('import.submit') : t('itemDialog.create.submit')}
      loading={create.isPending || upload.busy}
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
          options={kinds.map((choice) => ({ value: choice, label: <KindLabel kind={choice} /> }))}
        />
      </Form.Item>
      {importing ? (
        <ImportFilePicker upload={upload} intro={t('import.newIntro')} />
      ) : (
        <>
          <ItemBaseFields autoFocus />
          <VisibilityFields />
        </>
      )}
      {!importing && groupList.length > 0 && (
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
