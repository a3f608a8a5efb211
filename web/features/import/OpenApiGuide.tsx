import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../components/RetryAlert';
import { useItemKey } from '../item/queries';
import { useSiteOrigin } from '../site/queries';
import { CopyBlock } from './CopyBlock';
import { fromCommentsCurl, OPEN_API_DOCS, PUSH_SCRIPT, sampleComment, scriptCommand, updatePageCurl } from './open-api-examples';
import './import.css';

/**
 * Seed 000 §2 "auto-generate from open API information": how scripts and CI fill THIS project, with its
 * own `api_key` / `api_token` already in every command, so the first push is a paste away.
 */
export function OpenApiGuide({ itemId, origin: givenOrigin }: { itemId: number; origin?: string }) {
  const { t } = useTranslation();
  const siteOrigin = useSiteOrigin();
  const origin = givenOrigin ?? siteOrigin;
  const key = useItemKey(itemId);

  if (key.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (key.isError) return <RetryAlert message={key.error.message} onRetry={() => void key.refetch()} />;

  const keys = key.data;
  const sample = { catalog: t('import.openApi.sampleCatalog'), title: t('import.openApi.sampleTitle') };
  const comment = sampleComment({
    catalog: t('import.openApi.sampleCommentCatalog'),
    title: t('import.openApi.sampleCommentTitle'),
    description: t('import.openApi.sampleCommentDescription'),
    required: t('import.openApi.sampleRequired'),
    usernameRemark: t('import.openApi.sampleUsername'),
    passwordRemark: t('import.openApi.samplePassword'),
  });

  return (
    <div className="open-api-guide">
      <p>{t('import.openApi.intro')}</p>
      <dl className="open-api-keys" aria-label={t('import.openApi.keys')}>
        <dt>api_key</dt>
        <dd>
          <Typography.Text code copyable={{ text: keys.api_key, tooltips: [t('import.openApi.copyKey'), t('import.openApi.copied')] }}>
            {keys.api_key}
          </Typography.Text>
        </dd>
        <dt>api_token</dt>
        <dd>
          <Typography.Text code copyable={{ text: keys.api_token, tooltips: [t('import.openApi.copyToken'), t('import.openApi.copied')] }}>
            {keys.api_token}
          </Typography.Text>
        </dd>
      </dl>
      <p className="dialog-muted">{t('import.openApi.secret')}</p>

      <h3>{t('import.openApi.pageTitle')}</h3>
      <p>{t('import.openApi.pageText')}</p>
      <CopyBlock caption={t('import.openApi.pageCaption')} text={updatePageCurl(origin, keys, sample)} />

      <h3>{t('import.openApi.commentsTitle')}</h3>
      <p>{t('import.openApi.commentsText')}</p>
      <CopyBlock caption={t('import.openApi.commentCaption')} text={comment} />
      <CopyBlock caption={t('import.openApi.commentsCaption')} text={fromCommentsCurl(origin, keys, t('import.openApi.sampleSource'))} />

      <h3>{t('import.openApi.scriptTitle')}</h3>
      <p>{t('import.openApi.scriptText', { script: PUSH_SCRIPT, docs: OPEN_API_DOCS })}</p>
      <CopyBlock caption={t('import.openApi.scriptCaption')} text={scriptCommand(origin, keys)} />
    </div>
  );
}
