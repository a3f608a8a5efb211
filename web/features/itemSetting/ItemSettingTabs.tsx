import { useQueryClient } from '@tanstack/react-query';
import { Alert, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ItemSummary } from '../../api/item';
import type { ReaderItem } from '../../api/reader';
import { OpenApiKeyPanel } from '../item/dialogs/OpenApiKeyDialog';
import { refreshItemLists } from '../item/queries';
import { ArchivedMembersList } from '../member/ArchivedMembersList';
import { ItemMembersPanel } from '../member/ItemMembersPanel';
import { useIsMobile } from '../reader/useIsMobile';
import { RecycleBinPanel } from '../recycle/RecycleBinPanel';
import { BaseInfoPanel } from './BaseInfoPanel';
import { settingTabOf, type SettingTab } from './setting-tabs';

/**
 * The four tabs of seed 001 §2 "Project settings", each the same panel its dialog shows. The open tab is
 * in the address (`?tab=members`), so a tab can be linked to and survives a reload. Archived projects are
 * read-only, as the dialogs treat them: the base info shows but cannot be saved, members cannot be
 * listed or changed (the server refuses), the key shows without a reset, deleted pages cannot come back.
 */
export function ItemSettingTabs({ item }: { item: ReaderItem }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const tab = settingTabOf(search.get('tab'));
  const itemId = item.item_id;
  const archived = item.is_archived === 1;
  const summary: ItemSummary = {
    item_id: itemId,
    item_name: item.item_name,
    item_domain: item.item_domain,
    is_private: item.is_private,
    is_archived: item.is_archived,
  };
  const changed = () => void refreshItemLists(queryClient);

  const chooseTab = (key: string) => {
    const next = new URLSearchParams(search);
    if (key === 'baseInfo') next.delete('tab');
    else next.set('tab', key);
    setSearch(next, { replace: true });
  };

  const tabs: { key: SettingTab; label: string; children: ReactNode }[] = [
    { key: 'baseInfo', label: t('itemSetting.tabs.baseInfo'), children: <BaseInfoPanel itemId={itemId} archived={archived} /> },
    {
      key: 'members',
      label: t('itemSetting.tabs.members'),
      children: archived ? <ArchivedMembersList itemId={itemId} /> : <ItemMembersPanel itemId={itemId} onChanged={changed} />,
    },
    { key: 'openApi', label: t('itemSetting.tabs.openApi'), children: <OpenApiKeyPanel item={summary} /> },
    { key: 'recycleBin', label: t('itemSetting.tabs.recycleBin'), children: <RecycleBinPanel itemId={itemId} canManage readOnly={archived} onChanged={changed} /> },
  ];

  return (
    <>
      {archived && <Alert className="item-setting-archived" type="info" showIcon title={t('itemSetting.archived')} />}
      <Tabs
        className="item-setting-tabs"
        activeKey={tab}
        onChange={chooseTab}
        tabPlacement={mobile ? 'top' : 'start'}
        // A tab's panel mounts (and asks the server) when first opened; antd keeps it afterwards.
        items={tabs}
      />
    </>
  );
}
