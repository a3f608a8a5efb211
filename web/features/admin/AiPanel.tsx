import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Form, Input, InputNumber, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { aiKeys, fetchAiAdminConfig, saveAiAdminConfig, type AiAdminConfig, type AiAdminSave } from '../../api/ai';
import { AdminPanel } from './AdminPanel';
import { errorText } from './ListState';
import { QueryState } from './QueryState';

/** The editor's AI assistant (seed 001 §7 `ai/create`): an OpenAI-compatible endpoint the administrator sets. */
export function AiPanel() {
  const { t } = useTranslation();
  const config = useQuery({ queryKey: aiKeys.adminConfig(), queryFn: ({ signal }) => fetchAiAdminConfig(signal), staleTime: 0 });
  return (
    <AdminPanel id="ai" title={t('ai.title')}>
      <p className="admin-panel-intro">{t('ai.intro')}</p>
      <QueryState query={config}>
        {(data) => (
        <AiSettingsForm config={data} />
        )}
      </QueryState>
    </AdminPanel>
  );
}

function AiSettingsForm({ config }: { config: AiAdminConfig }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AiAdminSave>();
  const initial = useMemo<AiAdminSave>(
    () => ({
      ai_open: config.ai_open === 1,
      open_ai_host: config.open_ai_host,
      ai_model_name: config.ai_model_name,
      ai_system_prompt: config.ai_system_prompt,
      ai_max_message_length: config.ai_max_message_length,
      ai_timeout: config.ai_timeout,
      open_ai_key: '',
      clear_key: false,
    }),
    [config],
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const saving = useMutation({
    mutationFn: saveAiAdminConfig,
    onSuccess: async (next) => {
      void message.success(t('ai.saved'));
      queryClient.setQueryData(aiKeys.adminConfig(), next);
      form.setFieldsValue({ open_ai_key: '', clear_key: false });
      // The editor's menu shows or hides the assistant from this.
      await queryClient.invalidateQueries({ queryKey: aiKeys.status() });
    },
    onError: (error) => setRefusal(errorText(error)),
  });

  return (
    <Form
      form={form}
      layout="vertical"
      className="admin-form"
      initialValues={initial}
      onFinish={(values) => {
        setRefusal(null);
        saving.mutate({ ...initial, ...values });
      }}
    >
      {refusal && <Alert type="error" showIcon message={refusal} closable onClose={() => setRefusal(null)} />}
      <Form.Item name="ai_open" label={t('ai.open')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="open_ai_host" label={t('ai.host')} extra={t('ai.hostHelp')} rules={[{ type: 'url', message: t('ai.hostHelp') }]}>
        <Input placeholder="https://api.openai.com/v1" maxLength={500} inputMode="url" />
      </Form.Item>
      <Form.Item name="open_ai_key" label={t('ai.key')} extra={config.key_set ? t('ai.keySet') : t('ai.keyNone')}>
        <Input.Password autoComplete="new-password" maxLength={500} />
      </Form.Item>
      {config.key_set === 1 && (
        <Form.Item name="clear_key" valuePropName="checked">
          <Checkbox>{t('ai.clearKey')}</Checkbox>
        </Form.Item>
      )}
      <Form.Item name="ai_model_name" label={t('ai.model')} extra={t('ai.modelHelp')}>
        <Input placeholder="gpt-4o-mini" maxLength={200} />
      </Form.Item>
      <Form.Item name="ai_system_prompt" label={t('ai.systemPrompt')} extra={t('ai.systemPromptHelp')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={4000} />
      </Form.Item>
      <Form.Item name="ai_max_message_length" label={t('ai.maxLength')}>
        <InputNumber min={100} max={100000} step={1000} />
      </Form.Item>
      <Form.Item name="ai_timeout" label={t('ai.timeout')}>
        <InputNumber min={1} max={600} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving.isPending}>
        {t('ai.save')}
      </Button>
    </Form>
  );
}
