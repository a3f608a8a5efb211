import { LogoutOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Form, Input, Modal, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '../../api/client';
import { resetPassword, updateInfo, updateLoginEmail, userKeys, type CurrentUser } from '../../api/user';
import { useVersion } from '../site/queries';
import { useCurrentUser } from './current-user';
import { useLogout } from './useLogout';
import './user-center-email.css';

interface EmailFields {
  email: string;
  password: string;
}

// The server's rule (server/modules/user/username.ts) decides; this only catches typos before asking.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

interface PasswordFields {
  password: string;
  new_password: string;
  confirm_password: string;
}

/** The user center (seed 000 §2): username, display name, the e-mail used to sign in, password change and logout. */
export default function UserCenterDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const version = useVersion();
  const user = me.data;

  return (
    <Modal open={open} onCancel={onClose} title={t('userCenter.title')} footer={null} destroyOnHidden width={520}>
      {user ? <UserCenterBody user={user} /> : <Skeleton active />}
      {version.data && <p className="user-center-version">{t('userCenter.version', { version: version.data.version })}</p>}
    </Modal>
  );
}

function UserCenterBody({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const [passwordForm] = Form.useForm<PasswordFields>();
  const [emailForm] = Form.useForm<EmailFields>();

  const saveName = useMutation({
    mutationFn: (name: string) => updateInfo(name),
    onSuccess: (_data, name) => {
      queryClient.setQueryData<CurrentUser | null>(userKeys.me(), (old) => (old ? { ...old, name } : old));
      void message.success(t('userCenter.nameSaved'));
    },
  });

  const saveEmail = useMutation({
    mutationFn: (fields: EmailFields) => updateLoginEmail(fields.email.trim(), fields.password),
    onSuccess: (_data, fields) => {
      // The server stores the address as login compares it: trimmed, in lower case.
      const email = fields.email.trim().toLowerCase();
      queryClient.setQueryData<CurrentUser | null>(userKeys.me(), (old) => (old ? { ...old, email } : old));
      emailForm.setFieldsValue({ email, password: '' });
      void message.success(email ? t('userCenter.emailSaved') : t('userCenter.emailCleared'));
    },
    // Shown at the field it concerns: a wrong password (10208) at the password, anything else at the address.
    onError: (error) => {
      const text = error instanceof Error ? error.message : String(error);
      const field = error instanceof ApiCallError && error.code === 10208 ? 'password' : 'email';
      emailForm.setFields([{ name: field, errors: [text] }]);
    },
  });

  const changePassword = useMutation({
    mutationFn: (fields: PasswordFields) => resetPassword(fields.password, fields.new_password),
    onSuccess: () => {
      passwordForm.resetFields();
      void message.success(t('userCenter.passwordChanged'));
    },
  });

  return (
    <div className="user-center">
      <section aria-labelledby="uc-account">
        <h2 id="uc-account" className="user-center-heading">
          {t('userCenter.account')}
        </h2>
        <Form
          layout="vertical"
          initialValues={{ name: user.name }}
          onFinish={({ name }: { name: string }) => saveName.mutate(name.trim())}
          requiredMark={false}
        >
          <Form.Item label={t('userCenter.username')} htmlFor="uc-username">
            <Input id="uc-username" value={user.username} readOnly variant="filled" />
          </Form.Item>
          <Form.Item label={t('userCenter.name')} htmlFor="uc-name">
            <Space.Compact block>
              <Form.Item name="name" noStyle>
                <Input id="uc-name" maxLength={64} placeholder={t('userCenter.namePlaceholder')} autoComplete="nickname" />
              </Form.Item>
              <Button htmlType="submit" loading={saveName.isPending}>
                {t('userCenter.saveName')}
              </Button>
            </Space.Compact>
          </Form.Item>
        </Form>
      </section>

      <section aria-labelledby="uc-email">
        <h2 id="uc-email" className="user-center-heading">
          {t('userCenter.emailSection')}
        </h2>
        <p className="user-center-muted user-center-email-intro">{t('userCenter.emailIntro')}</p>
        <Form form={emailForm} name="uc-email-form" layout="vertical" initialValues={{ email: user.email }} onFinish={(fields) => saveEmail.mutate(fields)} requiredMark={false}>
          <Form.Item
            label={t('userCenter.email')}
            name="email"
            rules={[{ validator: (_rule, value: string | undefined) => (!value?.trim() || EMAIL_SHAPE.test(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('userCenter.emailInvalid')))) }]}
          >
            <Input type="email" maxLength={200} placeholder={t('userCenter.emailPlaceholder')} autoComplete="email" />
          </Form.Item>
          <Form.Item label={t('userCenter.emailPassword')} name="password" rules={[{ required: true, message: t('userCenter.emailPasswordRequired') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button htmlType="submit" loading={saveEmail.isPending}>
            {t('userCenter.saveEmail')}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="uc-password">
        <h2 id="uc-password" className="user-center-heading">
          {t('userCenter.passwordSection')}
        </h2>
        <Form form={passwordForm} layout="vertical" onFinish={(fields) => changePassword.mutate(fields)} requiredMark={false}>
          {/* Lets password managers file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
          <Form.Item
            label={t('userCenter.currentPassword')}
            name="password"
            rules={[{ required: true, message: t('userCenter.required.currentPassword') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label={t('userCenter.newPassword')}
            name="new_password"
            rules={[{ required: true, message: t('userCenter.required.newPassword') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label={t('userCenter.confirmNewPassword')}
            name="confirm_password"
            dependencies={['new_password']}
            rules={[
              { required: true, message: t('userCenter.required.confirmNewPassword') },
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) =>
                  !value || getFieldValue('new_password') === value
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('auth.passwordMismatch'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button htmlType="submit" loading={changePassword.isPending}>
            {t('userCenter.changePassword')}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="uc-session" className="user-center-session">
        <div>
          <h2 id="uc-session" className="user-center-heading">
            {t('userCenter.logoutSection')}
          </h2>
          <p className="user-center-muted">{t('userCenter.logoutText')}</p>
        </div>
        <Button danger icon={<LogoutOutlined aria-hidden />} loading={logout.isPending} onClick={() => logout.mutate()}>
          {t('userCenter.logout')}
        </Button>
      </section>
    </div>
  );
}
