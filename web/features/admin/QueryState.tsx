import type { UseQueryResult } from '@tanstack/react-query';
import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../components/RetryAlert';

/**
 * What a panel shows while its answer loads or after it failed, the same in every panel; once the
 * answer is there, `children` renders it (a later failed refresh keeps it on screen).
 */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  const data = query.data;
  if (query.isError && data === undefined) return <RetryAlert message={query.error.message} onRetry={() => void query.refetch()} />;
  if (data === undefined) {
    return (
      <div className="admin-state" role="status">
        <Spin />
        <span className="visually-hidden">{t('app.loading')}</span>
      </div>
    );
  }
  return <>{children(data)}</>;
}
