import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchRecycleBin, recoverPage, recycleKeys, type RecycledPage } from '../../api/recycle';
import { RetryAlert } from '../../components/RetryAlert';

export interface RecycleBinPanelProps {
  itemId: number;
  canManage: boolean;
  /** Archived projects are read-only: the list shows, nothing can be restored. */
  readOnly?: boolean;
  /** A page came back: the project's menu changed. */
  onChanged: () => void;
}

/**
 * Seed 001 §2 and §4 "Recycle": the project's deleted pages, each restorable on its own. The server lets
 * managers only, so others get an explanation rather than a refusal. The same body serves the dialog and
 * the recycle-bin tab of the settings page.
 */
export function RecycleBinPanel({ itemId, canManage, readOnly = false, onChanged }: RecycleBinPanelProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();

  const bin = useQuery({
    queryKey: recycleKeys.bin(itemId),
    queryFn: ({ signal }) => fetchRecycleBin(itemId, signal),
    enabled: canManage,
    // Pages are deleted from the reader while the dialog is closed: every opening asks again.
    staleTime: 0,
  });

  const restore = useMutation({
    mutationFn: (page: RecycledPage) => recoverPage(itemId, page.page_id),
    onSuccess: (_answer, page) => {
      queryClient.setQueryData<RecycledPage[]>(recycleKeys.bin(itemId), (rows) => rows?.filter((row) => row.page_id !== page.page_id));
      void message.success(t('recycleBin.restored', { title: page.page_title }));
      onChanged();
    },
    // A refusal was alerted by the API client; the row stays where it was.
  });

  let body: ReactNode;
  if (!canManage) {
    body = <p className="dialog-muted">{t('recycleBin.managersOnly')}</p>;
  } else if (bin.isPending) {
    body = (
      <div className="reader-dialog-loading" role="status" aria-label={t('app.loading')}>
        <Spin />
      </div>
    );
  } else if (bin.isError) {
    body = (
      <RetryAlert message={bin.error.message} onRetry={() => void bin.refetch()} />
    );
  } else if (bin.data.length === 0) {
    body = <Empty description={t('recycleBin.empty')} />;
  } else {
    body = (
      <ul className="recycle-bin-list" aria-label={t('recycleBin.title')}>
        {bin.data.map((page) => {
          const restoring = restore.isPending && restore.variables?.page_id === page.page_id;
          return (
            <li key={page.page_id}>
              <div className="recycle-bin-page">
                <span className="recycle-bin-title">{page.page_title}</span>
                <span className="recycle-bin-meta">{t('recycleBin.deletedByAt', { user: page.del_by_username || '—', time: page.del_time })}</span>
              </div>
              {!readOnly && (
                <Button
                  onClick={() => restore.mutate(page)}
                  loading={restoring}
                  disabled={restore.isPending && !restoring}
                  aria-label={t('recycleBin.restoreLabel', { title: page.page_title })}
                >
                  {t('recycleBin.restore')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="recycle-bin-panel">
      {canManage && <p className="dialog-muted">{t('recycleBin.retention')}</p>}
      {body}
    </div>
  );
}
