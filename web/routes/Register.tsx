import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { registerByVerify } from '../api/user';
import { AuthLayout } from '../components/AuthLayout';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { CaptchaField } from '../features/captcha/CaptchaField';
import { useCaptcha } from '../features/captcha/useCaptcha';
import { useRegisterOpen } from '../features/site/queries';
import { rememberLogin, useCurrentUser } from '../features/user/current-user';

interface RegisterFields {
  username: string;
  password: string;
  confirm_password: string;
  /** Absent when the site runs without captchas (the field is not rendered). */
  captcha?: string;
}

/** `/user/register` (seed 000 §2): username, password twice, captcha; then the project list. */
export default function Register() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const me = useCurrentUser();
  const registerOpen = useRegisterOpen();
  const captcha = useCaptcha();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RegisterFields>();
  useDocumentTitle(t('nav.register'));

  const register = useMutation({
    mutationFn: (fields: RegisterFields) =>
      registerByVerify({
        username: fields.username.trim(),
        password: fields.password,
        confirm_password: fields.confirm_password,
        captcha: (fields.captcha ?? '').trim(),
        captcha_id: captcha.id,
        inviteCode: searchParams.get('inviteCode') ?? undefined,
      }),
    onSuccess: (user) => rememberLogin(queryClient, user),
    onError: () => {
      form.setFieldValue('captcha', '');
      captcha.refresh();
    },
  });

  if (me.data) return <Navigate to="/item/index" replace />;

  return (
    <AuthLayout title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')}>
      {!registerOpen ? (
        <Alert type="info" showIcon title={t('site.registerClosed')} className="auth-alert" />
      ) : (
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(fields) => register.mutate(fields)} size="large">
        <Form.Item
          label={t('auth.newUsername')}
          name="username"
          rules={[{ required: true, whitespace: true, message: t('auth.required.newUsername') }]}
        >
          <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" autoCapitalize="off" spellCheck={false} autoFocus maxLength={200} />
        </Form.Item>
        <Form.Item label={t('auth.password')} name="password" rules={[{ required: true, message: t('auth.required.password') }]}>
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('auth.confirmPassword')}
          name="confirm_password"
          dependencies={['password']}
          rules={[
            { required: true, message: t('auth.required.confirmPassword') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error(t('auth.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" />
        </Form.Item>
        <CaptchaField captcha={captcha} />
        <Button type="primary" htmlType="submit" block loading={register.isPending}>
          {t('auth.submitRegister')}
        </Button>
      </Form>
      )}
      <p className="auth-switch">
        {t('auth.haveAccount')} <Link to="/user/login">{t('auth.loginLink')}</Link>
      </p>
    </AuthLayout>
  );
}
