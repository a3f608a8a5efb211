import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../components/LinkButton';
import { PageLayout } from '../components/PageLayout';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { useFirstPaintDone } from '../features/reader/first-paint';

export default function NotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.pageTitle'));
  useFirstPaintDone();
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
