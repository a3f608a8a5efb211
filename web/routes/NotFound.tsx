import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../components/LinkButton';
import { PageLayout } from '../components/PageLayout';
import { useDocumentTitle } from '../components/useDocumentTitle';

export default function NotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.pageTitle'));
  return (
    <PageLayout>
      <Result
        status="404"
        title={<h1 className="not-found-title">{t('notFound.title')}</h1>}
        subTitle={t('notFound.text')}
        extra={
          <LinkButton type="primary" to="/">
            {t('notFound.home')}
          </LinkButton>
        }
      />
    </PageLayout>
  );
}
