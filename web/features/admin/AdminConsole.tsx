import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMediaQuery } from '../../components/useMediaQuery';
import { AboutPanel } from './AboutPanel';
import { adminTabOf, type AdminTab } from './admin-tabs';
import { AiPanel } from './AiPanel';
import { ExternalLoginPanel } from './ExternalLoginPanel';
import { FilesPanel } from './FilesPanel';
import { ProjectsPanel } from './ProjectsPanel';
import { SiteSettingsPanel } from './SiteSettingsPanel';
import { StoragePanel } from './StoragePanel';
import { UsersPanel } from './UsersPanel';
import './admin.css';

/** Below this width the left menu becomes tabs across the top (a 375 px phone keeps the whole width). */
const NARROW_CONSOLE = '(max-width: 767.98px)';

/**
 * The console's left menu of seed 001 §2. The open panel is in the address (`?tab=projects`) and each
 * choice is a history entry, so reload and the back button both work; a panel asks the server only once
 * it is first opened.
 */
export function AdminConsole() {
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW_CONSOLE);
  const [search, setSearch] = useSearchParams();
  const tab = adminTabOf(search.get('tab'));

  const choose = (key: string) => {
    const next = new URLSearchParams(search);
    next.set('tab', key);
    setSearch(next);
  };

  const tabs: { key: AdminTab; label: string; children: ReactNode }[] = [
    { key: 'users', label: t('admin.tabs.users'), children: <UsersPanel /> },
    { key: 'projects', label: t('admin.tabs.projects'), children: <ProjectsPanel /> },
    { key: 'files', label: t('admin.tabs.files'), children: <FilesPanel /> },
    { key: 'externalLogin', label: t('admin.tabs.externalLogin'), children: <ExternalLoginPanel /> },
    { key: 'ai', label: t('ai.title'), children: <AiPanel /> },
    { key: 'settings', label: t('admin.tabs.settings'), children: <SiteSettingsPanel /> },
    { key: 'storage', label: t('storage.title'), children: <StoragePanel /> },
    { key: 'about', label: t('admin.tabs.about'), children: <AboutPanel /> },
  ];

  return (
    <div className="admin-console">
      <h1 className="admin-title">{t('admin.title')}</h1>
      <Tabs
        className="admin-tabs"
        activeKey={tab}
        onChange={choose}
        tabPlacement={narrow ? 'top' : 'start'}
        items={tabs}
        // Only the open panel lives: switching back asks the server again, so a panel never shows stale rows.
        destroyOnHidden
      />
    </div>
  );
}
