import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Select, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchOssConfig, ossConfigKey, saveOssConfig, testOssConfig, type OssConfig, type OssFormFields, type OssTestResult } from '../../api/storage';
import { AdminPanel } from './AdminPanel';
import { errorText } from './ListState';
import { QueryState } from './QueryState';
import { SettingsTestRow } from './SettingsTestRow';

const OSS_TYPES = ['aliyun', 'qcloud', 'qiniu', 's3_storage'] as const;
type OssType = (typeof OSS_TYPES)[number];

type FormValues = OssFormFields & { oss_open: boolean };

function ossTypeOf(value: string): OssType {
  return OSS_TYPES.find((type) => type === value) ?? 's3_storage';
}

/** What goes to the server: the form without the on/off switch. */
function formOf(values: FormValues): OssFormFields {
  const { oss_open: _open, ...form } = values;
  return form;
}

/** File storage (seed 001 §3 oss_setting, issue 24): the local folder or a bucket, with a connection test. */
export function StoragePanel() {
  const { t } = useTranslation();
  const config = useQuery({ queryKey: ossConfigKey, queryFn: ({ signal }) => fetchOssConfig(signal), staleTime: 0 });
  return (
    <AdminPanel id="storage" title={t('storage.title')}>
      <p className="admin-panel-intro">{t('storage.intro')}</p>
      <QueryState query={config}>{(data) => <StorageForm config={data} />}</QueryState>
    </AdminPanel>
  );
}

function StorageForm({ config }: { config: OssConfig }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const initial = useMemo<FormValues>(() => {
    const s = config.oss_setting;
    // Tencent COS keeps its key as ShowDoc's secretId; the form shows one key field for every provider.
    const key = s.oss_type === 'qcloud' ? s.secretId || s.key : s.key;
    return {
      oss_open: config.oss_open === 1,
      oss_type: ossTypeOf(s.oss_type),
      key,
      secret: '',
      bucket: s.bucket,
      region: s.region,
      endpoint: s.endpoint,
      subcat: s.subcat,
      domain: s.domain,
      protocol: s.protocol || 'https',
    };
  }, [config]);
  const ossType = ossTypeOf((Form.useWatch('oss_type', form) as string | undefined) ?? initial.oss_type);
  const [refusal, setRefusal] = useState<string | null>(null);

  const saving = useMutation({
    mutationFn: (values: FormValues) => saveOssConfig(values.oss_open, formOf(values)),
    onSuccess: async () => {
      void message.success(t('storage.saved'));
      form.setFieldValue('secret', '');
      await queryClient.invalidateQueries({ queryKey: ossConfigKey });
    },
    onError: (error) => setRefusal(errorText(error)),
  });
  const testing = useMutation({ mutationFn: () => testOssConfig(formOf({ ...initial, ...form.getFieldsValue() })) });

  const active = config.active === 'env' || config.active === 'settings' ? config.active : 'local';

  return (
    <Form<FormValues>
      form={form}
      name="admin-storage"
      layout="vertical"
      initialValues={initial}
      onFinish={(values) => {
        setRefusal(null);
        saving.mutate({ ...initial, ...values });
      }}
      className="admin-settings"
    >
      {active === 'env' && <Alert className="admin-gap" type="info" showIcon title={t('storage.envWins')} />}
      <p data-testid="storage-active">
        {t('storage.active.label')}: <strong>{t(`storage.active.${active}`)}</strong>
      </p>
      <Form.Item name="oss_open" label={t('storage.open.label')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="oss_type" label={t('storage.oss_type.label')}>
        <Select options={OSS_TYPES.map((type) => ({ value: type, label: t(`storage.oss_type.${type}`) }))} style={{ maxWidth: 420 }} />
      </Form.Item>
      <Form.Item name="key" label={t('storage.key.label')} extra={t('storage.key.help')}>
        <Input maxLength={256} autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item name="secret" label={t('storage.secret.label')} extra={config.oss_setting.secret_set ? t('storage.secret.set') : t('storage.secret.unset')}>
        <Input.Password maxLength={256} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="bucket" label={t('storage.bucket.label')} extra={t('storage.bucket.help')}>
        <Input maxLength={63} autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item name="region" label={t('storage.region.label')} extra={t(`storage.region.help.${ossType}`)}>
        <Input maxLength={64} autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item name="endpoint" label={t('storage.endpoint.label')} extra={t(`storage.endpoint.help.${ossType}`)}>
        <Input maxLength={255} autoComplete="off" spellCheck={false} placeholder="https://" />
      </Form.Item>
      <Form.Item name="subcat" label={t('storage.subcat.label')} extra={t('storage.subcat.help')}>
        <Input maxLength={200} autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item name="domain" label={t('storage.domain.label')} extra={t('storage.domain.help')}>
        <Input maxLength={255} autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item name="protocol" label={t('storage.protocol.label')}>
        <Select options={[{ value: 'https', label: 'https' }, { value: 'http', label: 'http' }]} style={{ maxWidth: 120 }} />
      </Form.Item>

      <SettingsTestRow
        testing={testing}
        testLabel={t('storage.test.button')}
        help={t('storage.test.help')}
        outcome={(result: OssTestResult) => ({ ok: result.ok === 1, title: result.ok === 1 ? t('storage.test.ok') : t('storage.test.failed'), description: result.message })}
        refusal={refusal}
        saving={saving.isPending}
        saveLabel={t('storage.save')}
      />
    </Form>
  );
}
