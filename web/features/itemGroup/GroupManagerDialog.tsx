import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Empty, Form, Input, Modal, Popconfirm, Result, Select, Skeleton, Space } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { itemKeys, type ListItem } from '../../api/item';
import { deleteItemGroup, groupItemIds, itemGroupKeys, saveItemGroup, saveItemGroupOrder, type ItemGroup } from '../../api/itemGroup';
import { useSortAccessibility, useSortSensors } from '../../components/sortable';
import { useSortableRow } from '../../components/useSortableRow';
import { ALL_GROUP_ID } from '../item/item-rules';
import { useItemGroups, useMyItems } from '../item/queries';

/** Seed 000 §5: a group saved without a name is called "default". */
export const DEFAULT_GROUP_NAME = 'default';

interface GroupFields {
  group_name?: string;
  item_ids?: number[];
}

/**
 * The group manager (seed 000 §2), also at `/item/group/index`: the person's groups in their order
 * (drag to sort), add, rename, delete, and the projects each one holds.
 */
export default function GroupManagerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('itemGroups.title')}
      onCancel={onClose}
      destroyOnHidden
      width={600}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('itemDialog.close')}
        </Button>
      }
    >
      <GroupManager />
    </Modal>
  );
}

function GroupManager() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const groups = useItemGroups();
  const allItems = useMyItems(ALL_GROUP_ID);
  const sensors = useSortSensors();
  /** The group being edited: its id, 0 for a new one, null when no form is open. */
  const [editing, setEditing] = useState<number | null>(null);

  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: itemGroupKeys.all() }), queryClient.invalidateQueries({ queryKey: itemKeys.lists() })]);

  const save = useMutation({
    mutationFn: saveItemGroup,
    onSuccess: () => {
      void message.success(t('itemGroups.saved'));
      setEditing(null);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (group: ItemGroup) => deleteItemGroup(group.id),
    onSuccess: () => {
      void message.success(t('itemGroups.deleted'));
      void refresh();
    },
  });
  const sort = useMutation({
    mutationFn: saveItemGroupOrder,
    onError: () => queryClient.invalidateQueries({ queryKey: itemGroupKeys.all() }),
  });

  const list = useMemo(() => groups.data ?? [], [groups.data]);
  const knownIds = useMemo(() => (allItems.data ? new Set(allItems.data.map((item) => item.item_id)) : null), [allItems.data]);
  const countOf = (group: ItemGroup) => groupItemIds(group).filter((id) => knownIds === null || knownIds.has(id)).length;

  const nameOf = useCallback((id: UniqueIdentifier) => list.find((group) => group.id === id)?.group_name ?? '', [list]);
  const positionOf = useCallback(
    (id: UniqueIdentifier) => ({ position: list.findIndex((group) => group.id === id) + 1, total: list.length }),
    [list],
  );
  const accessibility = useSortAccessibility(nameOf, positionOf);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = list.findIndex((group) => group.id === active.id);
    const to = list.findIndex((group) => group.id === over.id);
    if (from < 0 || to < 0) return;
    const ordered = arrayMove(list, from, to).map((group, index) => ({ ...group, s_number: index + 1 }));
    queryClient.setQueryData(itemGroupKeys.all(), ordered);
    sort.mutate(ordered.map(({ id, s_number }) => ({ id, s_number })));
  };

  const submit = (id: number, fields: GroupFields) =>
    save.mutate({ id, group_name: fields.group_name?.trim() || DEFAULT_GROUP_NAME, item_ids: fields.item_ids ?? [] });

  if (groups.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (groups.isError) {
    return (
      <Result
        status="warning"
        title={t('common.loadFailed')}
        subTitle={groups.error.message}
        extra={<Button onClick={() => void groups.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }

  const formFor = (group: ItemGroup | null) => (
    <GroupForm
      group={group}
      items={allItems.data ?? []}
      itemsLoading={allItems.isPending}
      saving={save.isPending}
      onSubmit={(fields) => submit(group?.id ?? 0, fields)}
      onCancel={() => setEditing(null)}
    />
  );

  return (
    <div className="group-manager">
      <p className="dialog-muted">{t('itemGroups.intro')}</p>
      {editing === 0 ? (
        formFor(null)
      ) : (
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => setEditing(0)} className="group-add">
          {t('itemGroups.add')}
        </Button>
      )}
      {list.length === 0 && editing !== 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('itemGroups.empty')} />
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
          <SortableContext items={list.map((group) => group.id)} strategy={verticalListSortingStrategy} disabled={editing !== null}>
            <ul className="group-list" aria-label={t('itemGroups.listLabel')}>
              {list.map((group) =>
                editing === group.id ? (
                  <li key={group.id} className="group-row is-editing">
                    {formFor(group)}
                  </li>
                ) : (
                  <GroupRow
                    key={group.id}
                    group={group}
                    count={countOf(group)}
                    sortable={editing === null && list.length > 1}
                    onEdit={() => setEditing(group.id)}
                    onDelete={() => remove.mutateAsync(group).catch(() => undefined)}
                  />
                ),
              )}
            </ul>
          </SortableContext>
        </DndContext>
      )}
    </div>
  );
}

function GroupRow({
  group,
  count,
  sortable,
  onEdit,
  onDelete,
}: {
  group: ItemGroup;
  count: number;
  sortable: boolean;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const row = useSortableRow(group.id, group.group_name, sortable);
  return (
    <li ref={row.ref} style={row.style} className={row.isDragging ? 'group-row is-dragging' : 'group-row'}>
      {row.handle}
      <span className="group-row-name">{group.group_name}</span>
      <span className="group-row-count">{t('itemGroups.count', { count })}</span>
      <Button type="text" size="small" icon={<EditOutlined aria-hidden />} onClick={onEdit} aria-label={t('itemGroups.edit', { name: group.group_name })} />
      <Popconfirm
        title={t('itemGroups.deleteTitle')}
        description={t('itemGroups.deleteConfirm', { name: group.group_name })}
        okText={t('itemGroups.deleteOk')}
        okButtonProps={{ danger: true }}
        onConfirm={onDelete}
      >
        <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('itemGroups.delete', { name: group.group_name })} />
      </Popconfirm>
    </li>
  );
}

/** Name and projects of a new or existing group; Enter in the name saves. */
function GroupForm({
  group,
  items,
  itemsLoading,
  saving,
  onSubmit,
  onCancel,
}: {
  group: ItemGroup | null;
  items: ListItem[];
  itemsLoading: boolean;
  saving: boolean;
  onSubmit: (fields: GroupFields) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GroupFields>();
  // The project picker needs the names; ids of projects the person can no longer see are left out.
  if (itemsLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  const known = new Set(items.map((item) => item.item_id));
  const initial: GroupFields = group
    ? { group_name: group.group_name, item_ids: groupItemIds(group).filter((id) => known.has(id)) }
    : { group_name: '', item_ids: [] };

  return (
    <Form<GroupFields>
      form={form}
      name={group ? `group-${group.id}` : 'group-new'}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onFinish={onSubmit}
      className="group-form"
    >
      <Form.Item label={t('itemGroups.name')} name="group_name">
        <Input maxLength={100} placeholder={DEFAULT_GROUP_NAME} autoFocus />
      </Form.Item>
      <Form.Item label={t('itemGroups.projects')} name="item_ids">
        <Select
          mode="multiple"
          placeholder={t('itemGroups.projectsPlaceholder')}
          optionFilterProp="label"
          options={items.map((item) => ({ value: item.item_id, label: item.item_name }))}
          maxTagCount="responsive"
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('itemDialog.save')}
        </Button>
        <Button onClick={onCancel}>{t('itemGroups.cancel')}</Button>
      </Space>
    </Form>
  );
}
