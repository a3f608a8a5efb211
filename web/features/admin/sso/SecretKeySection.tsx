import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLoginSecretKey, resetLoginSecretKey, saveSecretKeySettings, secretKeyKeys, type LoginSecretKey } from '../../../api/secretKey';
import { copyToClipboard } from '../../pageShare/clipboard';
import { AdminPanel } from '../AdminPanel';
import '../../ai/ai.css';
import { errorText } from '../ListState';
import { QueryState } from '../QueryState';

/** A shell example of a link, signed the way `extLogin/bySecretKey` checks it. */
function linkExample(origin: string): string {
  return [
    'KEY=<secret key>; USERNAME=alice; TIME=$(date +%s)',
    'TOKEN=$(printf \'%s\' "$USERNAME$KEY$TIME" | md5sum | cut -d" " -f1)',
    `echo "${origin}/server/index.php?s=/api/extLogin/bySecretKey&username=$USERNAME&time=$TIME&token=$TOKEN&redirect=/item/index"`,
  ].join('\n');
}

/** The login secret key: a trusted system logs people in by a signed link. */
export function SecretKeySection() {
  const { t } = useTranslation();
  const current = useQuery({ queryKey: secretKeyKeys.current(), queryFn: ({ signal }) => fetchLoginSecretKey(signal), staleTime: 0 });
  return (
    <AdminPanel id="sso-secretKey" title={t('secretKey.title')}>
      <p className="admin-panel-intro">{t('secretKey.intro')}</p>
      <QueryState query={current}>
        {(data) => (
        <SecretKeyForm current={data} />
        )}
      </QueryState>
      <Typography.Title level={4}>{t('secretKey.formatTitle')}</Typography.Title>
      <p>{t('secretKey.formatText')}</p>
      <pre className="secret-key-example" aria-label={t('secretKey.formatTitle')}>
        {linkExample(window.location.origin)}
      </pre>
    </AdminPanel>
  );
}

function SecretKeyForm({ current }: { current: LoginSecretKey }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const update = (next: LoginSecretKey) => queryClient.setQueryData(secretKeyKeys.current(), next);

  const reset = useMutation({
    mutationFn: resetLoginSecretKey,
    onSuccess: (next) => {
      update(next);
      setShown(true);
      void message.success(t('secretKey.resetDone'));
    },
    onError: (error) => setRefusal(errorText(error)),
  });
  const createUser = useMutation({
    mutationFn: saveSecretKeySettings,
    onSuccess: (next) => {
      update(next);
      void message.success(t('secretKey.saved'));
    },
    onError: (error) => setRefusal(errorText(error)),
  });

  const confirmReset = () =>
    modal.confirm({
      title: t('secretKey.resetTitle'),
      content: t('secretKey.resetBody'),
      okText: t('secretKey.resetOk'),
      okButtonProps: { danger: true },
      onOk: () => reset.mutateAsync().catch(() => undefined),
    });
  const copy = async () => {
    if (await copyToClipboard(current.login_secret_key)) void message.success(t('secretKey.copied'));
    else void message.warning(t('secretKey.copyFailed'));
  };

  return (
    <Form layout="vertical" className="admin-form">
      {refusal && <Alert type="error" showIcon message={refusal} closable onClose={() => setRefusal(null)} />}
      <Form.Item label={t('secretKey.key')} htmlFor="secret-key-value">
        <Space.Compact block>
          <Input
            id="secret-key-value"
            readOnly
            className="secret-key-value"
            value={shown ? current.login_secret_key : '•'.repeat(current.login_secret_key.length)}
          />
          <Button icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />} onClick={() => setShown(!shown)}>
            {shown ? t('secretKey.hide') : t('secretKey.reveal')}
          </Button>
          <Button icon={<CopyOutlined />} onClick={() => void copy()}>
            {t('secretKey.copy')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item>
        <Button danger icon={<ReloadOutlined />} loading={reset.isPending} onClick={confirmReset}>
          {t('secretKey.reset')}
        </Button>
      </Form.Item>
      <Form.Item label={t('secretKey.createUser')} extra={t('secretKey.createUserHelp')} htmlFor="secret-key-create-user">
        <Switch
          id="secret-key-create-user"
          checked={current.create_user === 1}
          loading={createUser.isPending}
          onChange={(checked) => createUser.mutate(checked)}
        />
      </Form.Item>
    </Form>
  );
}
