import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLdapConfig, ldapConfigKey, saveLdapConfig, testLdapConfig, type LdapConfig, type LdapForm, type LdapTestResult } from '../../../api/ldap';
import { AdminPanel } from '../AdminPanel';
import { errorText } from '../ListState';
import { QueryState } from '../QueryState';
import { SettingsTestRow } from '../SettingsTestRow';

type FormValues = Omit<LdapForm, 'bind_password_set'> & { ldap_open: boolean };
/** The fields shown with a help line under them. */
type HelpedField = 'host' | 'port' | 'security' | 'ca_pem' | 'base_dn' | 'bind_dn' | 'search_filter' | 'user_field' | 'name_field' | 'mail_field';

/** What goes to the server: the form without the on/off switch and the read-only "password set" flag. */
function formOf(values: FormValues): Partial<LdapForm> {
  const { ldap_open: _open, ...form } = values;
  return { ...form, port: Number(form.port), version: Number(form.version) };
}

/** LDAP / Active Directory: the directory people log in with. */
export function LdapSection() {
  const { t } = useTranslation();
  const config = useQuery({ queryKey: ldapConfigKey, queryFn: ({ signal }) => fetchLdapConfig(signal), staleTime: 0 });
  return (
    <AdminPanel id="sso-ldap" title={t('ldap.title')}>
      <p className="admin-panel-intro">{t('ldap.intro')}</p>
      <QueryState query={config}>
        {(data) => (
        <LdapSettingsForm config={data} />
        )}
      </QueryState>
    </AdminPanel>
  );
}

function LdapSettingsForm({ config }: { config: LdapConfig }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const initial = useMemo<FormValues>(() => {
    const { bind_password_set: _set, ...fields } = config.ldap_form;
    return { ...fields, bind_password: '', ldap_open: config.ldap_open === 1 };
  }, [config]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [testUsername, setTestUsername] = useState('');

  const saving = useMutation({
    mutationFn: (values: FormValues) => saveLdapConfig(values.ldap_open, formOf(values)),
    onSuccess: async () => {
      void message.success(t('ldap.saved'));
      form.setFieldValue('bind_password', '');
      await queryClient.invalidateQueries({ queryKey: ldapConfigKey });
    },
    onError: (error) => setRefusal(errorText(error)),
  });
  const testing = useMutation({
    mutationFn: () => testLdapConfig(formOf({ ...initial, ...form.getFieldsValue() }), testUsername.trim()),
  });

  const field = (name: HelpedField, node: ReactNode) => (
    <Form.Item name={name} label={t(`ldap.${name}.label`)} extra={t(`ldap.${name}.help`)}>
      {node}
    </Form.Item>
  );

  return (
    <Form<FormValues>
      form={form}
      name="admin-ldap"
      layout="vertical"
      initialValues={initial}
      onValuesChange={(changed: Partial<FormValues>) => {
        // The usual port follows the security choice unless the admin typed another one.
        const port = form.getFieldValue('port') as number;
        if (changed.security === 'ldaps' && port === 389) form.setFieldValue('port', 636);
        if (changed.security !== undefined && changed.security !== 'ldaps' && port === 636) form.setFieldValue('port', 389);
      }}
      onFinish={(values) => {
        setRefusal(null);
        saving.mutate({ ...initial, ...values });
      }}
      className="admin-settings"
    >
      <Form.Item name="ldap_open" label={t('ldap.open.label')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {field('host', <Input maxLength={255} placeholder="ldap.example.com" autoComplete="off" />)}
      {field(
        'security',
        <Radio.Group
          options={[
            { value: 'none', label: t('ldap.security.none') },
            { value: 'starttls', label: t('ldap.security.starttls') },
            { value: 'ldaps', label: t('ldap.security.ldaps') },
          ]}
        />,
      )}
      {field('port', <InputNumber min={1} max={65535} precision={0} />)}
      {field('ca_pem', <Input.TextArea rows={3} maxLength={20000} placeholder="-----BEGIN CERTIFICATE-----" spellCheck={false} />)}
      <Form.Item name="version" label={t('ldap.version.label')}>
        <Select options={[{ value: 3, label: '3' }, { value: 2, label: '2' }]} style={{ maxWidth: 120 }} />
      </Form.Item>
      {field('base_dn', <Input maxLength={500} placeholder="ou=people,dc=example,dc=com" spellCheck={false} />)}
      {field('bind_dn', <Input maxLength={500} placeholder="cn=folio,ou=services,dc=example,dc=com" spellCheck={false} autoComplete="off" />)}
      <Form.Item
        name="bind_password"
        label={t('ldap.bind_password.label')}
        extra={config.ldap_form.bind_password_set ? t('ldap.bind_password.set') : t('ldap.bind_password.unset')}
      >
        <Input.Password maxLength={500} autoComplete="new-password" />
      </Form.Item>
      {field('search_filter', <Input maxLength={500} placeholder="(&(objectClass=person)(uid=%s))" spellCheck={false} />)}
      {field('user_field', <Input maxLength={64} placeholder="uid" spellCheck={false} />)}
      {field('name_field', <Input maxLength={64} placeholder="cn" spellCheck={false} />)}
      {field('mail_field', <Input maxLength={64} placeholder="mail" spellCheck={false} />)}

      <SettingsTestRow
        testing={testing}
        testLabel={t('ldap.test.button')}
        label={t('ldap.test.username')}
        help={t('ldap.test.usernameHelp')}
        input={<Input value={testUsername} onChange={(event) => setTestUsername(event.target.value)} maxLength={200} aria-label={t('ldap.test.username')} autoComplete="off" />}
        outcome={(result: LdapTestResult) => ({
          ok: result.ok === 1,
          title: result.ok === 1 ? t('ldap.test.ok') : `${t('ldap.test.failed')} · ${t('ldap.test.stepLabel', { step: t(`ldap.test.step.${result.step}`) })}`,
          description: <TestDetails result={result} />,
        })}
        refusal={refusal}
        saving={saving.isPending}
        saveLabel={t('ldap.save')}
      />
    </Form>
  );
}

/** The server's words, and who the test found when it looked a user up. */
function TestDetails({ result }: { result: LdapTestResult }) {
  const { t } = useTranslation();
  const found = result.ok === 1 && result.dn !== '';
  return (
    <>
      <div>{result.message}</div>
      {found && <div>{t('ldap.test.found', { username: result.username, name: result.name || '—', email: result.email || '—' })}</div>}
    </>
  );
}
