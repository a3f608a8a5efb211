import {
  ApiOutlined,
  CloudServerOutlined,
  DatabaseOutlined,
  RobotOutlined,
  SwapOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { isSafeRedirect } from '../../common/redirect';
import { LinkButton } from '../components/LinkButton';
import { PageLayout } from '../components/PageLayout';
import { PageLoading } from '../components/PageLoading';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { BeianLink } from '../features/site/BeianFooter';
import { useHomePageSetting, useVersion } from '../features/site/queries';
import { useCurrentUser } from '../features/user/current-user';
import type { Messages } from '../i18n/en';

type FeatureKey = keyof Messages['landing']['features'];

const features: { key: FeatureKey; icon: ReactNode }[] = [
  { key: 'api', icon: <ApiOutlined /> },
  { key: 'dictionary', icon: <DatabaseOutlined /> },
  { key: 'team', icon: <TeamOutlined /> },
  { key: 'importExport', icon: <SwapOutlined /> },
  { key: 'openApi', icon: <RobotOutlined /> },
  { key: 'selfHosted', icon: <CloudServerOutlined /> },
];

/**
 * `/` (seed 000 §2): the site's home-page setting decides. Mode 2 sends people to the login screen,
 * mode 3 to the chosen project; anything else shows this page.
 */
export default function Landing() {
  const { t } = useTranslation();
  const setting = useHomePageSetting();
  const me = useCurrentUser();
  useDocumentTitle(t('app.tagline'));

  if (setting.isPending) return <PageLoading />;

  const home = setting.data;
  const homeItemPath = home?.home_item ? `/${home.home_item}` : null;
  const safeHomeItemPath = homeItemPath && isSafeRedirect(homeItemPath) ? homeItemPath : null;
  if (home?.home_page === '2') return <Navigate to="/user/login" replace />;
  if (home?.home_page === '3' && safeHomeItemPath) return <Navigate to={safeHomeItemPath} replace />;

  const loggedIn = Boolean(me.data);
  const registerOpen = home?.register_open !== 0;

  const primaryActions = loggedIn ? (
    <LinkButton type="primary" size="large" to="/item/index">
      {t('landing.myProjects')}
    </LinkButton>
  ) : (
    <>
      {registerOpen && (
        <LinkButton type="primary" size="large" to="/user/register">
          {t('landing.getStarted')}
        </LinkButton>
      )}
      <LinkButton size="large" to="/user/login">
        {t('landing.login')}
      </LinkButton>
    </>
  );

  return (
    <PageLayout mainClassName="landing" footer={<LandingFooter beian={home?.beian ?? ''} />}>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-text">
          <h1 id="hero-title">{t('landing.title')}</h1>
          <p className="hero-subtitle">{t('landing.subtitle')}</p>
          <div className="hero-actions">
            {primaryActions}
            {safeHomeItemPath && (
              <Link to={safeHomeItemPath} className="hero-demo">
                {t('landing.demo')} →
              </Link>
            )}
          </div>
        </div>
        <DocumentPreview />
      </section>

      <section className="features" aria-labelledby="features-title">
        <h2 id="features-title">{t('landing.featuresTitle')}</h2>
        <ul className="feature-grid">
          {features.map(({ key, icon }) => (
            <li key={key} className="feature">
              <span className="feature-icon" aria-hidden>
                {icon}
              </span>
              <h3>{t(`landing.features.${key}.title`)}</h3>
              <p>{t(`landing.features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      {!loggedIn && registerOpen && (
        <section className="cta" aria-labelledby="cta-title">
          <h2 id="cta-title">{t('landing.ctaTitle')}</h2>
          <p>{t('landing.ctaText')}</p>
          <LinkButton type="primary" size="large" to="/user/register">
            {t('landing.getStarted')}
          </LinkButton>
        </section>
      )}
    </PageLayout>
  );
}

function LandingFooter({ beian }: { beian: string }) {
  const { t } = useTranslation();
  const version = useVersion();
  return (
    <footer className="landing-footer">
      {version.data && <span>{t('landing.version', { version: version.data.version })}</span>}
      <BeianLink beian={beian} />
    </footer>
  );
}

/** A drawing of a documentation page (sidebar, title, text, a request table); decoration only. */
function DocumentPreview() {
  return (
    <div className="hero-preview" aria-hidden>
      <div className="preview-window">
        <div className="preview-bar">
          <span />
          <span />
          <span />
        </div>
        <div className="preview-body">
          <div className="preview-sidebar">
            <i className="w70 strong" />
            <i className="w50" />
            <i className="w60 active" />
            <i className="w40" />
            <i className="w55" />
            <i className="w45" />
          </div>
          <div className="preview-page">
            <i className="preview-title" />
            <div className="preview-method">
              <b>POST</b>
              <i className="w60" />
            </div>
            <i className="w90" />
            <i className="w75" />
            <div className="preview-table">
              {Array.from({ length: 4 }, (_, row) => (
                <div key={row}>
                  <i className="w70" />
                  <i className="w40" />
                  <i className="w90" />
                </div>
              ))}
            </div>
            <i className="w80" />
            <i className="w50" />
          </div>
        </div>
      </div>
    </div>
  );
}
