import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Radio, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userKeys } from '../../../api/user';
import { fetchOAuth2Config, oauth2ConfigKey, saveOAuth2Config, type OAuth2Config, type OAuth2FormInput } from '../../../api/sso';
import { AdminPanel } from '../AdminPanel';
import { errorText } from '../ListState';
import { QueryState } from '../QueryState';

type Mode = 'discovery' | 'manual';
type Fields = OAuth2FormInput & { open: boolean; mode: Mode };

function toFields(config: OAuth2Config): Fields {
  const { client_secret_set: _set, ...form } = config.oauth2_form;
  return { ...form, client_secret: '', open: config.oauth2_open === '1', mode: form.issuer || !form.authorize_url ? 'discovery' : 'manual' };
}

/** OAuth2 / OpenID Connect: logging in through the company's identity provider. */
export function OAuth2Section() {
  const { t } = useTranslation();
  const config = useQuery({ queryKey: oauth2ConfigKey, queryFn: ({ signal }) => fetchOAuth2Config(signal), staleTime: 0 });
  return (
    <AdminPanel id="sso-oauth" title={t('oauth.title')}>
      <Typography.Paragraph type="secondary">{t('oauth.intro')}</Typography.Paragraph>
      <QueryState query={config}>
        {(data) => (
        <OAuth2Form config={data} />
        )}
      </QueryState>
    </AdminPanel>
  );
}

function OAuth2Form({ config }: { config: OAuth2Config }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const initial = useMemo(() => toFields(config), [config]);
  const mode = Form.useWatch('mode', form) ?? initial.mode;
  const [refusal, setRefusal] = useState<string | null>(null);

  const saving = useMutation({
    mutationFn: ({ open, mode: chosen, ...values }: Fields) =>
      // Only the chosen way of finding the endpoints is kept, so the server knows which one to use.
      saveOAuth2Config(open, chosen === 'discovery' ? { ...values, authorize_url: '', token_url: '', userinfo_url: '' } : { ...values, issuer: '' }),
    onSuccess: async () => {
      setRefusal(null);
      form.setFieldValue('client_secret', '');
      void message.success(t('oauth.saved'));
      await queryClient.invalidateQueries({ queryKey: oauth2ConfigKey });
      await queryClient.invalidateQueries({ queryKey: userKeys.oauthInfo() });
    },
    onError: (error) => setRefusal(errorText(error)),
  });

  const url = (name: 'issuer' | 'authorize_url' | 'token_url' | 'userinfo_url', placeholder: string, required = false) => (
    <Form.Item name={name} label={t(`oauth.${name}.label`)} extra={t(`oauth.${name}.help`)} rules={required ? [{ required: true, message: t('oauth.required') }] : []}>
      <Input maxLength={500} placeholder={placeholder} inputMode="url" />
    </Form.Item>
  );

  return (
    <Form<Fields> form={form} name="admin-oauth2" layout="vertical" initialValues={initial} onFinish={(values) => saving.mutate({ ...initial, ...values })} className="admin-settings">
      <Form.Item name="open" label={t('oauth.open.label')} extra={t('oauth.open.help')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="client_id" label={t('oauth.client_id.label')}>
        <Input maxLength={300} autoComplete="off" />
      </Form.Item>
      <Form.Item name="client_secret" label={t('oauth.client_secret.label')} extra={config.oauth2_form.client_secret_set ? t('oauth.client_secret.keep') : t('oauth.client_secret.help')}>
        <Input.Password maxLength={1000} autoComplete="new-password" placeholder={config.oauth2_form.client_secret_set ? '••••••••' : ''} />
      </Form.Item>
      <Form.Item name="mode" label={t('oauth.mode.label')}>
        <Radio.Group
          options={[
            { value: 'discovery', label: t('oauth.mode.discovery') },
            { value: 'manual', label: t('oauth.mode.manual') },
          ]}
        />
      </Form.Item>
      {mode === 'discovery' ? (
        url('issuer', 'https://sso.example.com/realms/acme', true)
      ) : (
        <>
          {url('authorize_url', 'https://git.example.com/oauth/authorize', true)}
          {url('token_url', 'https://git.example.com/oauth/token', true)}
          {url('userinfo_url', 'https://git.example.com/api/v4/user', true)}
        </>
      )}
      <Form.Item name="scope" label={t('oauth.scope.label')} extra={t('oauth.scope.help')}>
        <Input maxLength={300} placeholder="openid profile email" />
      </Form.Item>
      <Form.Item name="username_field" label={t('oauth.username_field.label')} extra={t('oauth.username_field.help')}>
        <Input maxLength={100} placeholder="preferred_username" />
      </Form.Item>
      <Form.Item
        name="redirectUri"
        label={t('oauth.redirectUri.label')}
        extra={config.callback_url ? t('oauth.redirectUri.help', { url: config.callback_url }) : t('oauth.redirectUri.noSite')}
      >
        <Input maxLength={500} placeholder={config.callback_url || 'https://docs.example.com/api/extLogin/oauth2'} inputMode="url" />
      </Form.Item>
      <Form.Item name="entrance_tips" label={t('oauth.entrance_tips.label')} extra={t('oauth.entrance_tips.help')}>
        <Input maxLength={200} />
      </Form.Item>
      {refusal && <Alert className="admin-gap" type="error" showIcon title={refusal} role="alert" />}
      <Button type="primary" htmlType="submit" loading={saving.isPending}>
        {t('admin.save')}
      </Button>
    </Form>
  );
}
