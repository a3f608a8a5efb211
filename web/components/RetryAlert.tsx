import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A load that failed inside a dialog: the server's words, and a button to ask again. */
export function RetryAlert({ message, onRetry, className }: { message: string; onRetry: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      className={className}
      type="error"
      showIcon
      title={message}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
