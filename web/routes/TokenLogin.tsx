import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { isSafeRedirect } from '../../common/redirect';
import { loginByUserToken } from '../api/user';
import { LinkButton } from '../components/LinkButton';
import { PageLayout } from '../components/PageLayout';
import { PageLoading } from '../components/PageLoading';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { rememberLogin } from '../features/user/current-user';

/**
 * `/user/loginByUserToken?user_token=…&redirect_uri=…` (seed 000 §2): clients open this to hand a
 * session to the browser. The token leaves the address bar (and so the history and Referer) first.
 */
export default function TokenLogin() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  useDocumentTitle(t('nav.login'));
  const [request] = useState(() => ({
    token: searchParams.get('user_token') ?? '',
    redirectUri: searchParams.get('redirect_uri') ?? '',
  }));
  const started = useRef(false);

  const login = useMutation({
    mutationFn: (token: string) => loginByUserToken(token),
    onSuccess: (user) => rememberLogin(queryClient, user),
  });
  const { mutate } = login;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const url = new URL(window.location.href);
    if (url.searchParams.has('user_token')) {
      url.searchParams.delete('user_token');
      // Keep the router's own history state; only the visible address changes.
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    }
    if (request.token) mutate(request.token);
  }, [mutate, request.token]);

  if (login.isSuccess) {
    return <Navigate to={isSafeRedirect(request.redirectUri) ? request.redirectUri : '/item/index'} replace />;
  }
  if (login.isError || !request.token) {
    return (
      <PageLayout>
        <Result
          status="warning"
          title={t('tokenLogin.failedTitle')}
          subTitle={t('tokenLogin.failedText')}
          extra={
            <LinkButton type="primary" to="/user/login">
              {t('nav.login')}
            </LinkButton>
          }
        />
      </PageLayout>
    );
  }
  return (
    <PageLayout>
      <PageLoading />
      <p className="token-login-status">{t('tokenLogin.working')}</p>
    </PageLayout>
  );
}
