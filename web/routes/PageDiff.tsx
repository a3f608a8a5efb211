import { useQuery } from '@tanstack/react-query';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { LinkButton } from '../components/LinkButton';
import { PageLayout } from '../components/PageLayout';
import { PageLoading } from '../components/PageLoading';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { PageComparison } from '../features/history/PageComparison';
import { pageComparisonQuery } from '../features/history/queries';
import { accessOutcome } from '../features/reader/access';
import { RetryableFailure } from '../features/reader/LoadFailure';
import NotFound from './NotFound';

const isId = (value: string | undefined): value is string => value !== undefined && /^[1-9]\d{0,11}$/.test(value);

/** `/page/diff/{page_id}/{page_history_id}` (seed 001 router): one version against the page now, opened in a new window. */
export default function PageDiff() {
  const { pageId, historyId } = useParams();
  if (!isId(pageId) || !isId(historyId)) return <NotFound />;
  return <PageDiffScreen pageId={Number(pageId)} historyId={Number(historyId)} />;
}

function PageDiffScreen({ pageId, historyId }: { pageId: number; historyId: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const comparison = useQuery(pageComparisonQuery(pageId, historyId));
  useDocumentTitle(comparison.data?.page.page_title);

  // A failure remembered from an earlier visit is being asked again (after a password, a login): wait.
  if (comparison.isPending || (comparison.isError && comparison.isFetching)) {
    return (
      <PageLayout>
        <PageLoading />
      </PageLayout>
    );
  }
  if (comparison.isError) {
    // Without the answer the project is unknown; the password screen finds it from the page.
    const outcome = accessOutcome(comparison.error, { itemRef: '0', pageId, here: location.pathname + location.search });
    if (outcome.kind === 'redirect') return <Navigate to={outcome.to} replace />;
    return (
      <PageLayout>
        {outcome.kind === 'missing' ? (
          <Result
            status="404"
            title={<h1 className="not-found-title">{t('history.diff.missing')}</h1>}
            subTitle={outcome.message}
            extra={
              <LinkButton type="primary" to="/">
                {t('notFound.home')}
              </LinkButton>
            }
          />
        ) : (
          <RetryableFailure message={outcome.message} onRetry={() => void comparison.refetch()} />
        )}
      </PageLayout>
    );
  }

  return (
    <PageLayout mainClassName="diff-main">
      <PageComparison comparison={comparison.data} />
    </PageLayout>
  );
}
