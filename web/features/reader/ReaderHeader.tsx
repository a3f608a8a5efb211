import { ArrowLeftOutlined, GlobalOutlined, InfoCircleOutlined, LoginOutlined, MenuOutlined, MoreOutlined, UserOutlined } from '@ant-design/icons';
import { MessageBell } from '../message/MessageBell';
import { Button, Tag, type MenuProps } from 'antd';
import { Tooltip } from '../../components/deferred-antd';
import { LazyDropdown } from '../../components/LazyDropdown';
import { preloadMenuIcons } from './MenuIcon';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { withRedirect } from '../../api/client';
import { useLanguageItems } from '../../components/LanguageSwitch';
import { LinkButton } from '../../components/LinkButton';
import { NARROW_SCREEN, useMediaQuery } from '../../components/useMediaQuery';
import { currentLanguage } from '../../i18n';
import { ThemeSwitch, useThemeItems } from '../theme/ThemeSwitch';
import { useCurrentUser } from '../user/current-user';
import { HeaderMenuSlot, type HeaderMenu } from './header-menu-slot';
import './reader-header.css';
import { withAllTexts } from '../../i18n';

const UserCenterDialog = lazy(() => withAllTexts(import('../user/UserCenterDialog')));

interface ReaderHeaderProps {
  /** The project's (or shared page's) name. */
  title: string;
  /** Where the name leads (the project's first page); plain text when absent. */
  titleTo?: string;
  /** Icons before the account icons: edit, share, the managers' menu. */
  actions?: ReactNode;
  /** On phones: opens the catalog drawer. */
  onOpenCatalog?: () => void;
  /** The project is archived (read-only): a badge beside its name says so. */
  archived?: boolean;
}

/**
 * Seed 001 §2 "Header right icons": the screen's own icons, then the user center for people logged in,
 * or login and about for guests. The language switch stays reachable on every screen. On a phone the
 * language and account icons fold into one menu, so the project's own icons and the bell keep their room;
 * the managers' menu folds into the same one (header-menu-slot.ts), so a phone shows one "more" button.
 */
export function ReaderHeader({ title, titleTo, actions, onOpenCatalog, archived = false }: ReaderHeaderProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const me = useCurrentUser();
  const user = me.data ?? null;
  const [userCenter, setUserCenter] = useState<'never' | 'open' | 'closed'>('never');
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [projectMenu, setProjectMenu] = useState<HeaderMenu | null>(null);
  const here = location.pathname + location.search;
  const name = <p className="reader-header-title">{titleTo ? <Link to={titleTo}>{title}</Link> : title}</p>;
  const back = user ? { to: '/item/index', label: t('reader.backToProjects') } : { to: '/', label: t('reader.backHome') };

  return (
    <header className="reader-header">
      {onOpenCatalog && (
        <Button type="text" className="reader-header-catalog" icon={<MenuOutlined aria-hidden />} aria-label={t('reader.openCatalog')} onClick={onOpenCatalog} />
      )}
      <LinkButton title={back.label} type="text" to={back.to} icon={<ArrowLeftOutlined aria-hidden />} aria-label={back.label} className="reader-header-back" />
      {archived ? (
        <div className="reader-header-name">
          {name}
          <Tooltip title={t('reader.archivedHint')}>
            <Tag className="reader-header-archived">
              {t('reader.archivedBadge')}
            </Tag>
          </Tooltip>
        </div>
      ) : (
        name
      )}
      <div className="reader-header-actions">
        <HeaderMenuSlot.Provider value={narrow ? setProjectMenu : null}>{actions}</HeaderMenuSlot.Provider>
        {!narrow && <ThemeSwitch />}
        {!narrow && <LanguageIcon />}
        <MessageBell signedIn={user !== null} />
        {narrow ? (
          <FoldedMenu signedIn={user !== null} known={me.isSuccess} here={here} project={projectMenu} onUserCenter={() => setUserCenter('open')} />
        ) : user ? (
          <Button title={t('nav.userCenter')} type="text" icon={<UserOutlined aria-hidden />} aria-label={t('nav.userCenter')} onClick={() => setUserCenter('open')} />
        ) : (
          me.isSuccess && (
            <>
              <LinkButton
                title={t('nav.login')}
                type="text"
                to={withRedirect('/user/login', here)}
                icon={<LoginOutlined aria-hidden />}
                aria-label={t('nav.login')}
              />
              <LinkButton title={t('reader.about')} type="text" to="/" icon={<InfoCircleOutlined aria-hidden />} aria-label={t('reader.about')} />
            </>
          )
        )}
      </div>
      {userCenter !== 'never' && (
        <Suspense fallback={null}>
          <UserCenterDialog open={userCenter === 'open'} onClose={() => setUserCenter('closed')} />
        </Suspense>
      )}
    </header>
  );
}

/** The language switch as one more icon of the row (the name of each language is in the menu). */
function LanguageIcon() {
  const { t } = useTranslation();
  const { items, choose } = useLanguageItems();
  return (
    <LazyDropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items, selectable: true, selectedKeys: [`lang:${currentLanguage()}`], onClick: ({ key }) => choose(key) }}
    >
      <Button type="text" icon={<GlobalOutlined aria-hidden />} aria-label={t('lang.label')} />
    </LazyDropdown>
  );
}

interface FoldedMenuProps {
  signedIn: boolean;
  known: boolean;
  here: string;
  /** The managers' menu of the project on screen, when there is one. */
  project: HeaderMenu | null;
  onUserCenter: () => void;
}

/** Phones: the project's managers' menu, the user center (logged in) or login and about (guests), then the languages, in one menu. */
function FoldedMenu({ signedIn, known, here, project, onUserCenter }: FoldedMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const languages = useLanguageItems();
  const themes = useThemeItems();
  const account: NonNullable<MenuProps['items']> = signedIn
    ? [{ key: 'userCenter', icon: <UserOutlined aria-hidden />, label: t('nav.userCenter') }]
    : known
      ? [
          { key: 'login', icon: <LoginOutlined aria-hidden />, label: t('nav.login') },
          { key: 'about', icon: <InfoCircleOutlined aria-hidden />, label: t('reader.about') },
        ]
      : [];
  const projectKeys = new Set((project?.items ?? []).map((entry) => (entry && 'key' in entry ? String(entry.key) : '')));
  const projectGroup: NonNullable<MenuProps['items']> = project ? [{ key: 'project', type: 'group', label: t('reader.manageProject'), children: project.items }, { type: 'divider' }] : [];
  const onClick = (key: string) => {
    if (project && projectKeys.has(key)) return project.onClick(key);
    if (languages.choose(key) || themes.choose(key)) return;
    if (key === 'userCenter') onUserCenter();
    else if (key === 'login') navigate(withRedirect('/user/login', here));
    else if (key === 'about') navigate('/');
  };
  return (
    <LazyDropdown
      trigger={['click']}
      placement="bottomRight"
      // The managers' entries, when there are any, have their icons in first (MenuIcon.tsx).
      prepare={project ? preloadMenuIcons : undefined}
      menu={{
        items: [...projectGroup, ...account, ...(account.length > 0 ? [{ type: 'divider' as const }] : []), { key: 'languages', type: 'group', label: t('lang.label'), children: languages.items }, { key: 'themes', type: 'group', label: t('theme.label'), children: themes.items }],
        selectable: true,
        selectedKeys: [`lang:${currentLanguage()}`, themes.selectedKey],
        onClick: ({ key }) => onClick(key),
      }}
    >
      <Button type="text" icon={<MoreOutlined aria-hidden />} aria-label={t('nav.menu')} title={t('nav.menu')} />
    </LazyDropdown>
  );
}
