import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../components/LinkButton';
import { PageLayout } from '../components/PageLayout';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { RequireLogin } from '../features/user/RequireLogin';
import { useCurrentUser } from '../features/user/current-user';

/**
 * `/admin/index` (seed 001 router). The console itself is not built yet; the header's admin icon leads
 * here, so the route says so plainly instead of a "page not found". Others are told it is for
 * administrators; the server refuses them the admin API anyway.
 */
export default function AdminIndex() {
  return (
    <RequireLogin>
      <AdminPlaceholder />
    </RequireLogin>
  );
}

function AdminPlaceholder() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  useDocumentTitle(t('nav.admin'));
  const isAdmin = me.data?.groupid === 1;
  return (
    <PageLayout>
      <Result
        status={isAdmin ? 'info' : '403'}
        title={isAdmin ? t('nav.adminComing') : t('nav.adminOnly')}
        subTitle={isAdmin ? t('nav.adminComingHint') : undefined}
        extra={
          <LinkButton type="primary" to="/item/index">
            {t('nav.backToProjects')}
          </LinkButton>
        }
      />
    </PageLayout>
  );
}
