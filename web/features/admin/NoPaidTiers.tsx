import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/LinkButton';
import { PageLayout } from '../../components/PageLayout';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/**
 * `/prices` and `/order/index`: ShowDoc's paid-upgrade routes (seed 001 §8 links to them when a page
 * quota is exceeded). Folio has no paid tiers, so the page says that and leads to the about panel.
 */
export default function NoPaidTiers() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.prices.title'));
  return (
    <PageLayout>
      <Result
        status="info"
        title={t('admin.prices.title')}
        subTitle={t('admin.prices.text')}
        extra={[
          <LinkButton key="about" type="primary" to="/admin/index?tab=about">
            {t('admin.prices.about')}
          </LinkButton>,
          <LinkButton key="projects" to="/item/index">
            {t('nav.backToProjects')}
          </LinkButton>,
        ]}
      />
    </PageLayout>
  );
}
