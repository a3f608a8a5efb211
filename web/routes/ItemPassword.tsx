import { KeyOutlined, LockOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Form, Input } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { readRedirect } from '../../common/redirect';
import { withRedirect } from '../api/client';
import { enterItemPassword, itemKeys } from '../api/item';
import { AuthLayout } from '../components/AuthLayout';
import { PageLoading } from '../components/PageLoading';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { CaptchaField } from '../features/captcha/CaptchaField';
import { useCaptcha } from '../features/captcha/useCaptcha';
import { isItemRef } from '../features/item/item-rules';
import { itemInfoQuery } from '../features/item/queries';
import { useCurrentUser } from '../features/user/current-user';
import NotFound from './NotFound';

interface PasswordFields {
  password: string;
  /** Absent when the site runs without captchas (the field is not rendered). */
  captcha?: string;
}

/**
 * `/item/password/{item_id}?redirect=…&page_id=…` (seed 000 §2): the visit password of a private project.
 * The server answers with a visit grant (an HttpOnly cookie for this browser session), then the person
 * goes on to `redirect` or the project.
 */
export default function ItemPassword() {
  const { itemId } = useParams();
  if (!isItemRef(itemId)) return <NotFound />;
  return <ItemPasswordScreen itemRef={itemId} />;
}

function ItemPasswordScreen({ itemRef }: { itemRef: string }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const captcha = useCaptcha();
  const [form] = Form.useForm<PasswordFields>();
  useDocumentTitle(t('itemPassword.pageTitle'));

  const redirectParam = searchParams.get('redirect');
  const redirect = useMemo(() => readRedirect(redirectParam), [redirectParam]);
  const pageId = Number(searchParams.get('page_id') ?? '0');
  const target = redirect.target ?? (Number.isInteger(pageId) && pageId > 0 ? `/${itemRef}/${pageId}` : `/${itemRef}`);

  useEffect(() => {
    if (redirect.illegal) void message.error({ content: t('auth.illegalRedirect'), key: 'illegal-redirect' });
  }, [redirect.illegal, message, t]);

  // Someone who may read the project already (a member who just logged in, a grant from earlier) goes on.
  const access = useQuery(itemInfoQuery(itemRef));

  const enter = useMutation({
    mutationFn: (fields: PasswordFields) =>
      enterItemPassword({
        item_id: itemRef,
        page_id: Number.isInteger(pageId) && pageId > 0 ? pageId : undefined,
        password: fields.password,
        captcha: (fields.captcha ?? '').trim(),
        captcha_id: captcha.id,
      }),
    onSuccess: async () => {
      // An alert about an earlier wrong password must not follow the reader into the project.
      message.destroy('api-error');
      // Every view of the project (reader, menu search, info, settings) was answered without the grant.
      await queryClient.invalidateQueries({ queryKey: itemKeys.project(itemRef) });
      navigate(target, { replace: true });
    },
    // Seed 000 §8: the client has alerted the message; a captcha is single-use, so a new one is needed.
    onError: () => {
      form.setFieldValue('captcha', '');
      captcha.refresh();
    },
  });

  if (access.isSuccess && !enter.isPending) return <Navigate to={target} replace />;
  if (access.isPending) return <PageLoading />;

  return (
    <AuthLayout title={t('itemPassword.title')} subtitle={t('itemPassword.subtitle')}>
      <Form form={form} name="item-password" layout="vertical" requiredMark={false} onFinish={(fields) => enter.mutate(fields)} size="large">
        <Form.Item
          label={t('itemPassword.password')}
          name="password"
          rules={[{ required: true, message: t('itemPassword.passwordRequired') }]}
        >
          <Input.Password prefix={<KeyOutlined aria-hidden />} autoComplete="off" autoFocus maxLength={100} />
        </Form.Item>
        <CaptchaField captcha={captcha} id="item-password-captcha" />
        <Button type="primary" htmlType="submit" block loading={enter.isPending} icon={<LockOutlined aria-hidden />}>
          {t('itemPassword.submit')}
        </Button>
      </Form>
      {!me.data && (
        <p className="auth-switch">
          {t('itemPassword.member')}{' '}
          <Link to={withRedirect('/user/login', location.pathname + location.search)}>{t('itemPassword.login')}</Link>
        </p>
      )}
    </AuthLayout>
  );
}
