import {
  CommentOutlined,
  ControlOutlined,
  LoginOutlined,
  LogoutOutlined,
  MenuOutlined,
  PaperClipOutlined,
  TeamOutlined,
  UserAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { displayName, useCurrentUser } from '../features/user/current-user';
import { useLogout } from '../features/user/useLogout';
import { safeFeedbackUrl } from '../features/site/feedback-url';
import { useHomePageSetting } from '../features/site/queries';
import { currentLanguage, withAllTexts } from '../i18n';
import { MessageBell } from '../features/message/MessageBell';
import { ThemeSwitch, useThemeItems } from '../features/theme/ThemeSwitch';
import { Brand } from './Brand';
import { LanguageSwitch, useLanguageItems } from './LanguageSwitch';
import { LinkButton } from './LinkButton';
import { NARROW_SCREEN, useMediaQuery } from './useMediaQuery';

const UserCenterDialog = lazy(() => withAllTexts(import('../features/user/UserCenterDialog')));

/**
 * Product name, the icons of seed 000 §2 "Header icons", the theme and language switches and the account controls: a
 * user menu when logged in, login and register links for guests. Logged in: attachments, teams, the
 * notices bell, the admin console for site administrators (groupid 1), and feedback when the site has a
 * feedback address (Folio has no feedback service of its own). ShowDoc's client download and
 * more-products menus advertise ShowDoc's own apps and products; Folio has neither, so they are left out.
 * Under ~600 px everything but the name and the bell folds into one menu.
 */
export function AppHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const me = useCurrentUser();
  const logout = useLogout();
  const site = useHomePageSetting();
  const registerOpen = site.data?.register_open !== 0;
  const feedbackUrl = safeFeedbackUrl(site.data?.feedback_url);
  const narrow = useMediaQuery(NARROW_SCREEN);
  const languages = useLanguageItems();
  const themes = useThemeItems();
  const [userCenter, setUserCenter] = useState<'never' | 'open' | 'closed'>('never');

  const user = me.data ?? null;
  const onLoginScreen = pathname.toLowerCase() === '/user/login';
  const onRegisterScreen = pathname.toLowerCase() === '/user/register';

  const isAdmin = user?.groupid === 1;
  // The icons that fold into the menu on a phone; the bell stays out, with its badge.
  const siteItems: NonNullable<MenuProps['items']> = user
    ? [
        { key: 'attachments', icon: <PaperClipOutlined aria-hidden />, label: t('nav.attachments') },
        { key: 'teams', icon: <TeamOutlined aria-hidden />, label: t('nav.teams') },
        ...(isAdmin ? [{ key: 'admin', icon: <ControlOutlined aria-hidden />, label: t('nav.admin') }] : []),
        ...(feedbackUrl ? [{ key: 'feedback', icon: <CommentOutlined aria-hidden />, label: t('nav.feedback') }] : []),
      ]
    : [];

  const accountItems: NonNullable<MenuProps['items']> = user
    ? [
        { key: 'userCenter', icon: <UserOutlined aria-hidden />, label: t('nav.userCenter') },
        { type: 'divider' },
        { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('nav.logout'), danger: true },
      ]
    : [
        ...(onLoginScreen ? [] : [{ key: 'login', icon: <LoginOutlined aria-hidden />, label: t('nav.login') }]),
        ...(onRegisterScreen || !registerOpen ? [] : [{ key: 'register', icon: <UserAddOutlined aria-hidden />, label: t('nav.register') }]),
      ];

  const onAccountClick = (key: string) => {
    if (key === 'userCenter') setUserCenter('open');
    else if (key === 'logout') logout.mutate();
    else if (key === 'login') navigate('/user/login');
    else if (key === 'register') navigate('/user/register');
    else if (key === 'attachments') navigate('/attachment/index');
    else if (key === 'teams') navigate('/team/index');
    else if (key === 'admin') navigate('/admin/index');
    else if (key === 'feedback' && feedbackUrl) window.open(feedbackUrl, '_blank', 'noopener,noreferrer');
  };

  const initial = user ? displayName(user).slice(0, 1).toUpperCase() : '';

  return (
    <header className="app-header">
      <div className="app-header-inner">
        <Brand to={user ? '/item/index' : '/'} />
        <nav className="app-header-actions" aria-label={t('nav.menu')}>
          {user && !narrow && (
            <>
              {feedbackUrl && (
                <Button
                  type="text"
                  href={feedbackUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  icon={<CommentOutlined aria-hidden />}
                  aria-label={t('nav.feedback')}
                  title={t('nav.feedback')}
                />
              )}
              <LinkButton type="text" to="/attachment/index" icon={<PaperClipOutlined aria-hidden />} aria-label={t('nav.attachments')} title={t('nav.attachments')} />
              <LinkButton type="text" to="/team/index" icon={<TeamOutlined aria-hidden />} aria-label={t('nav.teams')} title={t('nav.teams')} />
              {isAdmin && <LinkButton type="text" to="/admin/index" icon={<ControlOutlined aria-hidden />} aria-label={t('nav.admin')} title={t('nav.admin')} />}
            </>
          )}
          <MessageBell signedIn={user !== null} />
          {narrow ? (
            <Dropdown
              trigger={['click']}
              placement="bottomRight"
              menu={{
                items: [
                  ...siteItems,
                  ...(siteItems.length > 0 ? [{ type: 'divider' as const }] : []),
                  { key: 'languages', type: 'group', label: t('lang.label'), children: languages.items },
                  { key: 'themes', type: 'group', label: t('theme.label'), children: themes.items },
                  ...(accountItems.length > 0 ? [{ type: 'divider' as const }, ...accountItems] : []),
                ],
                selectable: true,
                selectedKeys: [`lang:${currentLanguage()}`, themes.selectedKey],
                onClick: ({ key }) => {
                  if (!languages.choose(key) && !themes.choose(key)) onAccountClick(key);
                },
              }}
            >
              <Button
                type="text"
                icon={
                  user ? (
                    <Avatar size="small" className="user-avatar">
                      {initial}
                    </Avatar>
                  ) : (
                    <MenuOutlined aria-hidden />
                  )
                }
                aria-label={t('nav.menu')}
              />
            </Dropdown>
          ) : (
            <>
              <ThemeSwitch />
              <LanguageSwitch />
              {user ? (
                <Dropdown trigger={['click']} placement="bottomRight" menu={{ items: accountItems, onClick: ({ key }) => onAccountClick(key) }}>
                  <Button type="text" className="user-button" aria-label={t('nav.accountMenu', { name: displayName(user) })}>
                    <Avatar size="small" className="user-avatar">
                      {initial}
                    </Avatar>
                    <span className="user-name">{displayName(user)}</span>
                  </Button>
                </Dropdown>
              ) : (
                <>
                  {!onLoginScreen && (
                    <LinkButton type="text" to="/user/login">
                      {t('nav.login')}
                    </LinkButton>
                  )}
                  {!onRegisterScreen && registerOpen && (
                    <LinkButton type="primary" to="/user/register">
                      {t('nav.register')}
                    </LinkButton>
                  )}
                </>
              )}
            </>
          )}
        </nav>
      </div>
      {userCenter !== 'never' && (
        <Suspense fallback={null}>
          <UserCenterDialog open={userCenter === 'open'} onClose={() => setUserCenter('closed')} />
        </Suspense>
      )}
    </header>
  );
}
