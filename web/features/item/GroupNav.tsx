import { AppstoreOutlined, FolderOutlined, PlusOutlined, SettingOutlined, StarOutlined } from '@ant-design/icons';
import { Button, Menu, Select, Skeleton, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemGroup } from '../../api/itemGroup';
import { ALL_GROUP_ID, STARRED_GROUP_ID } from './item-rules';

interface GroupNavProps {
  groups: ItemGroup[] | undefined;
  loading: boolean;
  groupId: number;
  onChoose: (groupId: number) => void;
  onManage: () => void;
  /** Phones get one select instead of the side menu. */
  compact: boolean;
}

/** All, Starred and the person's own groups, with the way into the group manager. */
export function GroupNav({ groups, loading, groupId, onChoose, onManage, compact }: GroupNavProps) {
  const { t } = useTranslation();
  const own = groups ?? [];

  if (compact) {
    return (
      <div className="item-groups-compact">
        <Select
          className="item-groups-select"
          aria-label={t('items.groupsLabel')}
          value={groupId}
          onChange={onChoose}
          options={[
            { value: ALL_GROUP_ID, label: t('items.all') },
            { value: STARRED_GROUP_ID, label: t('items.starred') },
            ...own.map((group) => ({ value: group.id, label: group.group_name })),
          ]}
        />
        <Button icon={<SettingOutlined aria-hidden />} onClick={onManage} aria-label={t('items.manageGroups')} />
      </div>
    );
  }

  return (
    <Menu
      mode="inline"
      selectedKeys={[String(groupId)]}
      onClick={({ key }) => onChoose(Number(key))}
      items={[
        { key: String(ALL_GROUP_ID), icon: <AppstoreOutlined aria-hidden />, label: t('items.all') },
        { key: String(STARRED_GROUP_ID), icon: <StarOutlined aria-hidden />, label: t('items.starred') },
        { type: 'divider' },
        {
          type: 'group',
          key: 'groups',
          label: (
            <span className="item-groups-heading">
              <span>{t('items.groupsHeading')}</span>
              <Tooltip title={t('items.manageGroups')}>
                <Button type="text" size="small" icon={<PlusOutlined aria-hidden />} onClick={onManage} aria-label={t('items.manageGroups')} />
              </Tooltip>
            </span>
          ),
          children: loading
            ? [{ key: 'loading', disabled: true, label: <Skeleton.Input active size="small" block /> }]
            : own.map((group) => ({ key: String(group.id), icon: <FolderOutlined aria-hidden />, label: group.group_name, title: group.group_name })),
        },
      ]}
    />
  );
}
