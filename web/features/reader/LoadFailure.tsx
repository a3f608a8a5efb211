import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccessOutcome } from './access';
import { useFirstPaintDone } from './first-paint';

/** Something could not be loaded for a reason other than access: the server's words and a retry. */
export function RetryableFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  useFirstPaintDone();
  return (
    <Result
      status="warning"
      title={t('common.loadFailed')}
      subTitle={message}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/** A page of the project view that could not be read (a redirect was handled before). */
export function PageLoadFailure({ outcome, onRetry }: { outcome: Exclude<AccessOutcome, { kind: 'redirect' }>; onRetry: () => void }) {
  const { t } = useTranslation();
  useFirstPaintDone();
  return (
    <main id="main" className="reader-main">
      <div className="reader-page">
        {outcome.kind === 'missing' ? (
          <Result status="404" title={t('reader.pageMissing')} subTitle={outcome.message} />
        ) : (
          <RetryableFailure message={outcome.message} onRetry={onRetry} />
        )}
      </div>
    </main>
  );
}
