import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiStatusOf, displayUrl, methodLabel, type RunApiDoc } from '../../../common/runapi';
import './runapi.css';

/** RunApi's status numbers 1–5 (`info.apiStatus`), their names and tag colours. */
const STATUSES = {
  1: { key: 'developing', color: 'processing' },
  2: { key: 'testing', color: 'warning' },
  3: { key: 'done', color: 'success' },
  4: { key: 'needsChange', color: 'error' },
  5: { key: 'deprecated', color: 'default' },
} as const;
type ApiStatus = keyof typeof STATUSES;

const isStatus = (value: number): value is ApiStatus => value in STATUSES;

/**
 * The top of an API page, as ShowDoc's RunApi view shows it: the method as a coloured badge with the
 * URL (copyable), the status RunApi tracks, and the description. Read-only: RunApi pages are written
 * by the RunApi client and the open API, not on the web (seed 001 §2).
 */
export function RunApiHead({ doc }: { doc: RunApiDoc }) {
  const { t } = useTranslation();
  const url = displayUrl(doc);
  const label = methodLabel(doc);
  const status = apiStatusOf(doc);
  const description = doc.info.description.trim();
  // The class names a colour; the method text itself is never used as markup.
  const methodClass = label.toLowerCase().replace(/[^a-z]/g, '');
  return (
    <section className="runapi-head" aria-label={t('runApi.request')}>
      <div className="runapi-line">
        <span className={`runapi-method runapi-method-${methodClass}`} title={doc.info.type === 'api' ? t('runApi.method') : t(`runApi.kinds.${doc.info.type ?? 'websocket'}`)}>
          {label}
        </span>
        <Typography.Text className="runapi-url" copyable={url ? { text: url, tooltips: [t('runApi.copyUrl'), t('runApi.copied')] } : false}>
          {url || '—'}
        </Typography.Text>
      </div>
      {isStatus(status) && (
        <Tag className="runapi-status" color={STATUSES[status].color}>
          {t('runApi.status', { status: t(`runApi.statuses.${STATUSES[status].key}`) })}
        </Tag>
      )}
      <p className={description ? 'runapi-description' : 'runapi-description is-empty'}>{description || t('runApi.noDescription')}</p>
    </section>
  );
}
