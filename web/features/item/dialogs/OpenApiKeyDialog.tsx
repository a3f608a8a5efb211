import { ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Modal, Popconfirm, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { itemKeys, resetItemKey } from '../../../api/item';
import { RetryAlert } from '../../../components/RetryAlert';
import { canResetKey } from '../item-actions';
import { useItemKey } from '../queries';
import { useSiteOrigin } from '../../site/queries';
import type { ItemDialogProps } from './types';

/** The path ShowDoc scripts post to (docs/open-api.md lists the rest). */
const OPEN_API_PATH = '/server/index.php?s=/api/open/updatePage';
const OPEN_API_FIELDS = ['api_key', 'api_token', 'cat_name', 'page_title', 'page_content'] as const;

/** Seed 000 §2: the project's open-API credentials, with copy buttons and a short how-to. */
export default function OpenApiKeyDialog({ item, open, onClose }: ItemDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('itemDialog.openApi.title', { name: item.item_name })}
      onCancel={onClose}
      destroyOnHidden
      width={620}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('itemDialog.close')}
        </Button>
      }
    >
      <OpenApiKeyPanel item={item} />
    </Modal>
  );
}

export function OpenApiKeyPanel({ item }: Pick<ItemDialogProps, 'item'>) {
  const { t } = useTranslation();
  const origin = useSiteOrigin();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const key = useItemKey(item.item_id);
  const reset = useMutation({
    mutationFn: () => resetItemKey(item.item_id),
    onSuccess: (fresh) => {
      queryClient.setQueryData(itemKeys.key(item.item_id), fresh);
      void message.success(t('itemDialog.openApi.resetDone'));
    },
  });

  if (key.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (key.isError) return <RetryAlert message={key.error.message} onRetry={() => void key.refetch()} />;

  const url = `${origin}${OPEN_API_PATH}`;
  return (
    <div className="open-api">
      <p className="dialog-muted">{t('itemDialog.openApi.intro')}</p>
      <dl className="open-api-keys">
        <dt>api_key</dt>
        <dd>
          <Typography.Text code copyable={{ text: key.data.api_key }}>
            {key.data.api_key}
          </Typography.Text>
        </dd>
        <dt>api_token</dt>
        <dd>
          <Typography.Text code copyable={{ text: key.data.api_token }}>
            {key.data.api_token}
          </Typography.Text>
        </dd>
      </dl>
      {canResetKey(item) && (
        <Popconfirm
          title={t('itemDialog.openApi.resetConfirmTitle')}
          description={t('itemDialog.openApi.resetConfirm')}
          okText={t('itemDialog.openApi.reset')}
          okButtonProps={{ danger: true }}
          onConfirm={() => reset.mutateAsync()}
        >
          <Button icon={<ReloadOutlined aria-hidden />} loading={reset.isPending}>
            {t('itemDialog.openApi.reset')}
          </Button>
        </Popconfirm>
      )}
      <h3 className="open-api-heading">{t('itemDialog.openApi.usageTitle')}</h3>
      <p>{t('itemDialog.openApi.usage')}</p>
      <Typography.Paragraph className="open-api-url" copyable={{ text: url }}>
        <code>POST {url}</code>
      </Typography.Paragraph>
      <ul className="open-api-fields">
        {OPEN_API_FIELDS.map((field) => (
          <li key={field}>
            <code>{field}</code> — {t(`itemDialog.openApi.fields.${field}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
