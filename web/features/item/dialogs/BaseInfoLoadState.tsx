import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemDetail } from '../../../api/item';

/** What the base-info form shows until `item/detail` has answered: a skeleton, or the failure and a retry. */
export function BaseInfoLoadState({ detail }: { detail: UseQueryResult<ItemDetail> }) {
  const { t } = useTranslation();
  if (detail.isError) {
    return (
      <Result
        status="warning"
        title={t('common.loadFailed')}
        subTitle={detail.error.message}
        extra={<Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return <Skeleton active paragraph={{ rows: 5 }} />;
}
