import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { withRedirect } from '../../api/client';
import { PageLoading } from '../../components/PageLoading';
import { useCurrentUser } from './current-user';

/** Screens for logged-in people: guests go to the login screen, which brings them back here. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const location = useLocation();

  if (me.isPending) return <PageLoading />;
  if (me.isError) {
    return (
      <Result
        status="warning"
        title={t('common.loadFailed')}
        subTitle={me.error.message}
        extra={
          <Button type="primary" onClick={() => void me.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!me.data) return <Navigate to={withRedirect('/user/login', location.pathname + location.search)} replace />;
  return children;
}
