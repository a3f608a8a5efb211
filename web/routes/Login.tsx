import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Form, Input } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { readRedirect } from '../../common/redirect';
import { loginByVerify } from '../api/user';
import { AuthLayout } from '../components/AuthLayout';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { CaptchaField } from '../features/captcha/CaptchaField';
import { useCaptcha } from '../features/captcha/useCaptcha';
import { useOAuthInfo, useRegisterOpen } from '../features/site/queries';
import { rememberLogin, useCurrentUser } from '../features/user/current-user';
import { useSsoFailure } from '../features/user/sso-failure';

interface LoginFields {
  username: string;
  password: string;
  /** Absent when the site runs without captchas (the field is not rendered). */
  captcha?: string;
}

/** `/user/login` (seed 000 §2): username or e-mail, password, captcha; back to `redirect` afterwards. */
export default function Login() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [searchParams] = useSearchParams();
  const redirectParam = searchParams.get('redirect');
  const redirect = useMemo(() => readRedirect(redirectParam), [redirectParam]);
  const ssoFailure = useSsoFailure(searchParams.get('sso_error'));
  const me = useCurrentUser();
  const oauth = useOAuthInfo();
  const registerOpen = useRegisterOpen();
  const captcha = useCaptcha();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LoginFields>();
  useDocumentTitle(t('nav.login'));

  useEffect(() => {
    // Seed 000 §5: an unsafe target is refused out loud, and the login goes to the default place.
    if (redirect.illegal) void message.error({ content: t('auth.illegalRedirect'), key: 'illegal-redirect' });
  }, [redirect.illegal, message, t]);

  const login = useMutation({
    mutationFn: (fields: LoginFields) =>
      loginByVerify({ username: fields.username.trim(), password: fields.password, captcha: (fields.captcha ?? '').trim(), captcha_id: captcha.id }),
    // Once `me` is known, the render below sends the person on.
    onSuccess: (user) => rememberLogin(queryClient, user),
    // The client has alerted the message; a captcha is single-use, so the next try needs a new one.
    onError: () => {
      form.setFieldValue('captcha', '');
      captcha.refresh();
    },
  });

  if (me.data) return <Navigate to={redirect.target ?? '/item/index'} replace />;

  const oauthInfo = oauth.data;

  return (
    <AuthLayout title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      {ssoFailure && <Alert type="error" showIcon role="alert" className="auth-alert" title={ssoFailure} />}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(fields) => login.mutate(fields)} size="large">
        <Form.Item
          label={t('auth.username')}
          name="username"
          rules={[{ required: true, whitespace: true, message: t('auth.required.username') }]}
        >
          <Input
            prefix={<UserOutlined aria-hidden />}
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            maxLength={200}
          />
        </Form.Item>
        <Form.Item label={t('auth.password')} name="password" rules={[{ required: true, message: t('auth.required.password') }]}>
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" />
        </Form.Item>
        <CaptchaField captcha={captcha} />
        <Button type="primary" htmlType="submit" block loading={login.isPending} icon={<SafetyCertificateOutlined aria-hidden />}>
          {t('auth.submitLogin')}
        </Button>
      </Form>

      {oauthInfo?.oauth2_open === '1' && (
        <div className="auth-oauth">
          {/* A full page load: the server answers with a redirect to the identity provider. */}
          <Button href={`/api/extLogin/oauth2${redirect.target ? `?redirect=${encodeURIComponent(redirect.target)}` : ''}`} block size="large">
            {t('auth.oauthLink')}
          </Button>
          {oauthInfo.oauth2_entrance_tips && <p className="auth-oauth-tips">{oauthInfo.oauth2_entrance_tips}</p>}
        </div>
      )}

      {registerOpen && (
        <p className="auth-switch">
          {t('auth.noAccount')} <Link to="/user/register">{t('auth.registerLink')}</Link>
        </p>
      )}
    </AuthLayout>
  );
}
