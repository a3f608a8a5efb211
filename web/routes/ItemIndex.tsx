import { AppstoreOutlined, StarOutlined } from '@ant-design/icons';
import { Empty, Menu } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../components/PageLayout';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { RequireLogin } from '../features/user/RequireLogin';

/** Seed 000 §9: group 0 is all projects, -1 the starred ones; real groups come with the project list. */
type GroupKey = '0' | '-1';

/**
 * `/item/index`, the project list home: groups on the left (stacked above on phones), the list on the
 * right. The list itself arrives with the projects issue; until then it is the empty state.
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
  const [group, setGroup] = useState<GroupKey>('0');
  useDocumentTitle(t('items.pageTitle'));

  const title = group === '-1' ? t('items.starred') : t('items.all');

  return (
    <PageLayout mainClassName="item-home">
      <nav className="item-groups" aria-label={t('items.groupsLabel')}>
        <Menu
          mode="inline"
          selectedKeys={[group]}
          onClick={({ key }) => setGroup(key as GroupKey)}
          items={[
            { key: '0', icon: <AppstoreOutlined aria-hidden />, label: t('items.all') },
            { key: '-1', icon: <StarOutlined aria-hidden />, label: t('items.starred') },
          ]}
        />
      </nav>
      <section className="item-list" aria-labelledby="item-list-title">
        <h1 id="item-list-title" className="item-list-title">
          {title}
        </h1>
        <div className="item-empty">
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <>
                <strong className="item-empty-title">{group === '-1' ? t('items.emptyStarredTitle') : t('items.emptyTitle')}</strong>
                <span className="item-empty-text">{group === '-1' ? t('items.emptyStarredText') : t('items.emptyText')}</span>
              </>
            }
          />
        </div>
      </section>
    </PageLayout>
  );
}
