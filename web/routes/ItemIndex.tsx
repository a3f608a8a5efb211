import { PlusOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Empty, FloatButton, Input, Result, type InputRef } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../components/PageLayout';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { PHONE_LAYOUT, useMediaQuery } from '../components/useMediaQuery';
import CreateItemDialog from '../features/item/CreateItemDialog';
import { GroupNav } from '../features/item/GroupNav';
import { ItemCardSkeletons } from '../features/item/ItemCard';
import { ItemCardGrid } from '../features/item/ItemCardGrid';
import { ALL_GROUP_ID, shouldSearch, STARRED_GROUP_ID } from '../features/item/item-rules';
import { ItemSearchResults } from '../features/item/ItemSearchResults';
import { useItemGroups, useMyItems } from '../features/item/queries';
import { useChosenGroup } from '../features/item/useChosenGroup';
import { useItemActions } from '../features/item/useItemActions';
import GroupManagerDialog from '../features/itemGroup/GroupManagerDialog';
import { RequireLogin } from '../features/user/RequireLogin';

/** Typing pauses this long before the search runs. */
const SEARCH_DELAY_MS = 300;

/**
 * `/item/index`, the project list home (seed 000 §2): groups on the left (a select on phones), a search
 * box, the chosen group's projects as cards, and the ways to add projects and manage groups.
 * `children` lets `/item/add`, `/item/group/index` and `/user/setting` open their dialog over it.
 */
export default function ItemIndex({ children }: { children?: ReactNode }) {
  return (
    <RequireLogin>
      <ItemHome />
      {children}
    </RequireLogin>
  );
}

function ItemHome() {
  const { t } = useTranslation();
  useDocumentTitle(t('items.pageTitle'));
  const phone = useMediaQuery(PHONE_LAYOUT);
  const groups = useItemGroups();
  const [groupId, chooseGroup] = useChosenGroup(groups.data);
  const [searchText, setSearchText] = useState('');
  const keyword = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  const searching = shouldSearch(searchText);
  const searchBox = useSearchShortcut();
  const [dialog, setDialog] = useState<'create' | 'groups' | null>(null);
  const actions = useItemActions();
  // A remembered group is asked for once the groups have said it still exists.
  const list = useMyItems(groupId, groupId <= 0 || !groups.isPending);

  const groupName = groups.data?.find((group) => group.id === groupId)?.group_name;
  const title = searching
    ? t('items.searchTitle', { keyword: searchText.trim() })
    : groupId === STARRED_GROUP_ID
      ? t('items.starred')
      : groupId === ALL_GROUP_ID
        ? t('items.all')
        : (groupName ?? t('items.all'));

  let content: ReactNode;
  if (searching) {
    // Until the typing settles, the results of the last settled keyword stay.
    content = shouldSearch(keyword) ? <ItemSearchResults keyword={keyword} /> : <ItemCardSkeletons count={3} />;
  } else if (list.isPending) {
    content = <ItemCardSkeletons />;
  } else if (list.isError) {
    content = (
      <Result
        status="warning"
        title={t('common.loadFailed')}
        subTitle={list.error.message}
        extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  } else if (list.data.length === 0) {
    content = <EmptyList groupId={groupId} onCreate={() => setDialog('create')} onManageGroups={() => setDialog('groups')} />;
  } else {
    content = <ItemCardGrid items={list.data} groupId={groupId} onAction={actions.run} />;
  }

  return (
    <PageLayout mainClassName="item-home">
      <nav className="item-groups" aria-label={t('items.groupsLabel')}>
        <GroupNav
          groups={groups.data}
          loading={groups.isPending}
          groupId={groupId}
          onChoose={chooseGroup}
          onManage={() => setDialog('groups')}
          compact={phone}
        />
      </nav>
      <section className="item-list" aria-labelledby="item-list-title">
        <Input
          ref={searchBox}
          className="item-search"
          size="large"
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          suffix={<kbd className="search-key">/</kbd>}
          placeholder={t('items.searchPlaceholder')}
          aria-label={t('items.searchLabel')}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && searchText) {
              event.stopPropagation();
              setSearchText('');
            }
          }}
          maxLength={200}
          enterKeyHint="search"
        />
        <div className="item-list-head">
          <h1 id="item-list-title" className="item-list-title">
            {title}
          </h1>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog('create')}>
            {t('items.newProject')}
          </Button>
        </div>
        {content}
      </section>
      <FloatButton.BackTop aria-label={t('items.backToTop')} tooltip={t('items.backToTop')} />
      {dialog === 'create' && <CreateItemDialog open onClose={() => setDialog(null)} defaultGroupId={groupId} />}
      {dialog === 'groups' && <GroupManagerDialog open onClose={() => setDialog(null)} />}
      {actions.dialogs}
    </PageLayout>
  );
}

/** `/` anywhere on the screen (outside a text field or a dialog) puts the cursor in the search box. */
function useSearchShortcut() {
  const ref = useRef<InputRef>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      if (target?.closest('[role="dialog"]') || document.activeElement?.closest('[role="dialog"]')) return;
      event.preventDefault();
      ref.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return ref;
}

function EmptyList({ groupId, onCreate, onManageGroups }: { groupId: number; onCreate: () => void; onManageGroups: () => void }) {
  const { t } = useTranslation();
  const texts =
    groupId === STARRED_GROUP_ID
      ? { title: t('items.emptyStarredTitle'), text: t('items.emptyStarredText') }
      : groupId === ALL_GROUP_ID
        ? { title: t('items.emptyTitle'), text: t('items.emptyText') }
        : { title: t('items.emptyGroupTitle'), text: t('items.emptyGroupText') };
  return (
    <div className="item-empty">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <strong className="item-empty-title">{texts.title}</strong>
            <span className="item-empty-text">{texts.text}</span>
          </>
        }
      >
        {groupId === ALL_GROUP_ID && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onCreate}>
            {t('items.createFirst')}
          </Button>
        )}
        {groupId > 0 && (
          <Button icon={<SettingOutlined aria-hidden />} onClick={onManageGroups}>
            {t('items.manageGroups')}
          </Button>
        )}
      </Empty>
    </div>
  );
}
