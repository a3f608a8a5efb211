import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminItemsKey, fetchAdminItems, fetchSiteConfig, saveSiteConfig, siteConfigKey, type SiteConfig } from '../../api/admin';
import { siteKeys } from '../../api/common';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { AnnouncementsSection } from './AnnouncementsSection';
import { errorText } from './ListState';
import { AdminPanel } from './AdminPanel';
import { QueryState } from './QueryState';

/** The on/off settings: a switch in the form, 1/0 on the wire. */
const flagKeys = ['register_open', 'show_watermark', 'force_login', 'create_sample', 'strong_password_enabled'] as const;
type FlagKey = (typeof flagKeys)[number];
type SettingsForm = Omit<SiteConfig, FlagKey> & Record<FlagKey, boolean>;
type ConfigKey = keyof SiteConfig;

function toForm(config: SiteConfig): SettingsForm {
  const form = { ...config } as unknown as SettingsForm;
  for (const key of flagKeys) form[key] = config[key] === 1;
  return form;
}

function toConfig(values: SettingsForm): SiteConfig {
  const config = { ...values } as unknown as SiteConfig;
  for (const key of flagKeys) config[key] = values[key] ? 1 : 0;
  config.home_item = values.home_page === '3' ? String(values.home_item ?? '') : config.home_item;
  return config;
}

/** Site settings (seed 001 §3 "Site config", issue 17 §2), each with what it does, and the announcements. */
export function SiteSettingsPanel() {
  const { t } = useTranslation();
  const config = useQuery({ queryKey: siteConfigKey, queryFn: ({ signal }) => fetchSiteConfig(signal), staleTime: 0 });
  return (
    <AdminPanel id="settings" title={t('admin.tabs.settings')}>
      <QueryState query={config}>
        {(data) => (
        <SettingsForm config={data} />
        )}
      </QueryState>
      <AnnouncementsSection />
    </AdminPanel>
  );
}

function SettingsForm({ config }: { config: SiteConfig }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingsForm>();
  const initial = useMemo(() => toForm(config), [config]);
  const homePage = Form.useWatch('home_page', form) ?? initial.home_page;
  const [refusal, setRefusal] = useState<string | null>(null);

  const saving = useMutation({
    mutationFn: ({ patch }: { patch: Partial<SiteConfig>; changed: ConfigKey[] }) => saveSiteConfig(patch),
    onSuccess: async () => {
      void message.success(t('admin.settings.saved'));
      await queryClient.invalidateQueries({ queryKey: siteConfigKey });
      // The header, footer and login screens read the public side of these settings.
      await queryClient.invalidateQueries({ queryKey: siteKeys.homePageSetting() });
    },
    onError: (error, { changed }) => {
      const text = errorText(error);
      const field = changed.length === 1 ? changed[0] : changed.find((key) => text.includes(key));
      if (field) form.setFields([{ name: field, errors: [text] }]);
      else setRefusal(text);
    },
  });

  const submit = (values: SettingsForm) => {
    setRefusal(null);
    const next = toConfig({ ...initial, ...values });
    // Only what changed goes: a refusal then belongs to the one field that changed, when there is one.
    const changed = (Object.keys(next) as ConfigKey[]).filter((key) => String(next[key]) !== String(config[key]));
    if (changed.length === 0) {
      void message.info(t('admin.settings.nothingChanged'));
      return;
    }
    const patch = Object.fromEntries(changed.map((key) => [key, next[key]])) as Partial<SiteConfig>;
    saving.mutate({ patch, changed });
  };

  const flag = (key: FlagKey) => (
    <Form.Item key={key} name={key} label={t(`admin.settings.${key}.label`)} extra={t(`admin.settings.${key}.help`)} valuePropName="checked">
      <Switch />
    </Form.Item>
  );

  return (
    <Form<SettingsForm> form={form} name="admin-settings" layout="vertical" initialValues={initial} onFinish={submit} className="admin-settings">
      {flag('register_open')}
      <Form.Item name="home_page" label={t('admin.settings.home_page.label')} extra={t('admin.settings.home_page.help')}>
        <Radio.Group
          options={[
            { value: '1', label: t('admin.settings.home_page.landing') },
            { value: '2', label: t('admin.settings.home_page.login') },
            { value: '3', label: t('admin.settings.home_page.project') },
          ]}
        />
      </Form.Item>
      {homePage === '3' && (
        <Form.Item
          name="home_item"
          label={t('admin.settings.home_item.label')}
          extra={t('admin.settings.home_item.help')}
          rules={[{ required: true, message: t('admin.settings.home_item.required') }]}
        >
          <HomeItemPicker current={config.home_item} />
        </Form.Item>
      )}
      {flag('force_login')}
      {flag('show_watermark')}
      <Form.Item name="beian" label={t('admin.settings.beian.label')} extra={t('admin.settings.beian.help')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="site_url" label={t('admin.settings.site_url.label')} extra={t('admin.settings.site_url.help')}>
        <Input maxLength={300} placeholder="https://docs.example.com" inputMode="url" />
      </Form.Item>
      <Form.Item name="history_version_count" label={t('admin.settings.history_version_count.label')} extra={t('admin.settings.history_version_count.help')}>
        <InputNumber min={1} max={200} precision={0} />
      </Form.Item>
      <Form.Item name="upload_max_mb" label={t('admin.settings.upload_max_mb.label')} extra={t('admin.settings.upload_max_mb.help')}>
        <InputNumber min={1} max={100} precision={0} />
      </Form.Item>
      <Form.Item name="upload_extensions" label={t('admin.settings.upload_extensions.label')} extra={t('admin.settings.upload_extensions.help')}>
        <Input maxLength={500} placeholder="dwg, sketch" />
      </Form.Item>
      <Form.Item name="item_member_max" label={t('admin.settings.item_member_max.label')} extra={t('admin.settings.item_member_max.help')}>
        <InputNumber min={0} max={100000} precision={0} />
      </Form.Item>
      {flag('create_sample')}
      {flag('strong_password_enabled')}
      {refusal && <Alert className="admin-gap" type="error" showIcon title={refusal} role="alert" />}
      <Button type="primary" htmlType="submit" loading={saving.isPending}>
        {t('admin.save')}
      </Button>
    </Form>
  );
}

/** A public project picked by searching its name (the item picker of seed 001 §9 loads 100). */
function HomeItemPicker({ current, value, onChange }: { current: string; value?: string; onChange?: (value: string) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const name = useDebouncedValue(search.trim(), 300);
  const query = { page: 1, count: 100, item_name: name, username: '', is_del: 0 as const };
  const items = useQuery({ queryKey: adminItemsKey(query), queryFn: ({ signal }) => fetchAdminItems(query, signal) });
  const options = (items.data?.items ?? [])
    .filter((item) => item.is_private !== 1)
    .map((item) => ({ value: String(item.item_id), label: `${item.item_name} (#${item.item_id}, ${item.username})` }));
  // The saved project may not be among the first results: keep it choosable by its id.
  if (current && !options.some((option) => option.value === current)) options.unshift({ value: current, label: `#${current}` });
  return (
    <Select
      aria-label={t('admin.settings.home_item.label')}
      value={value || undefined}
      onChange={onChange}
      options={options}
      loading={items.isFetching}
      placeholder={t('admin.settings.home_item.placeholder')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      notFoundContent={items.isError ? items.error.message : t('admin.settings.home_item.none')}
    />
  );
}
