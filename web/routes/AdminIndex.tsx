import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../components/LinkButton';
import { PageLayout } from '../components/PageLayout';
import { PageLoading } from '../components/PageLoading';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { AdminConsole } from '../features/admin/AdminConsole';
import { RequireLogin } from '../features/user/RequireLogin';
import { useCurrentUser } from '../features/user/current-user';

/**
 * `/admin/index` (seed 001 router): the administrator console. Guests are sent to log in; others are
 * told it is for administrators (the server refuses them the admin API anyway, 10103).
 */
export default function AdminIndex() {
  return (
    <RequireLogin>
      <AdminScreen />
    </RequireLogin>
  );
}

function AdminScreen() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  useDocumentTitle(t('admin.title'));
  if (!me.data) return <PageLoading />;
  if (me.data.groupid !== 1) {
    return (
      <PageLayout>
        <Result
          status="403"
          title={t('nav.adminOnly')}
          extra={
            <LinkButton type="primary" to="/item/index">
              {t('nav.backToProjects')}
            </LinkButton>
          }
        />
      </PageLayout>
    );
  }
  return (
    <PageLayout mainClassName="admin-main">
      <AdminConsole />
    </PageLayout>
  );
}
