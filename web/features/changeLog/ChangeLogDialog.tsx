import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { InfoDialog } from '../../components/InfoDialog';
import { Empty, Pagination, Spin } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANGE_LOG_PAGE_SIZE, changeLogKeys, fetchChangeLog, type ChangeLogEntry } from '../../api/changeLog';
import type { ReaderToolDialogProps } from '../reader/tools';
import { useIsMobile } from '../reader/useIsMobile';
import { ChangeLogList, ChangeLogTable, type ChangeLogRow } from './ChangeLogEntries';
import { livePageIds } from './live-pages';
import { RetryAlert } from '../../components/RetryAlert';

/**
 * Seed 001 §2 "item change log table (paged)": who changed what in the project, newest first, ten entries
 * a page (§9). Managers only: the header's menu offers it to them alone.
 */
export default function ChangeLogDialog({ open, context, onClose }: ReaderToolDialogProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const itemId = context.item.item_id;
  const [page, setPage] = useState(1);

  const log = useQuery({
    queryKey: changeLogKeys.page(itemId, page),
    queryFn: ({ signal }) => fetchChangeLog(itemId, page, signal),
    enabled: open,
    staleTime: 0,
    // The page shown stays until the next one arrives, so the dialog does not jump while paging.
    placeholderData: keepPreviousData,
  });

  const livePages = useMemo(() => livePageIds(context.item.menu), [context.item.menu]);
  const hrefOf = (entry: ChangeLogEntry) => {
    const pageId = entry.op_object_id;
    return entry.op_object_type === 'page' && livePages.has(pageId) ? `/${context.itemRef}/${pageId}` : null;
  };
  const rows = useMemo<ChangeLogRow[]>(
    () => (log.data?.list ?? []).map((entry) => ({ ...entry, key: String(entry.id) })),
    [log.data],
  );
  const total = log.data?.total ?? 0;

  let body: ReactNode;
  if (log.isPending) {
    body = (
      <div className="reader-dialog-loading" role="status" aria-label={t('app.loading')}>
        <Spin />
      </div>
    );
  } else if (log.isError) {
    body = (
      <RetryAlert message={log.error.message} onRetry={() => void log.refetch()} />
    );
  } else if (total === 0 && rows.length === 0) {
    body = <Empty description={t('changeLog.empty')} />;
  } else {
    const Entries = mobile ? ChangeLogList : ChangeLogTable;
    body = (
      <>
        <Entries rows={rows} hrefOf={hrefOf} onFollow={onClose} loading={log.isPlaceholderData} />
        <Pagination
          className="change-log-pagination"
          current={page}
          pageSize={CHANGE_LOG_PAGE_SIZE}
          total={total}
          onChange={setPage}
          showSizeChanger={false}
          hideOnSinglePage
          simple={mobile}
          size="small"
        />
      </>
    );
  }

  return (
    <InfoDialog
      open={open}
      title={t('changeLog.title')}
      onClose={onClose}
      width={mobile ? undefined : 820}
    >
      <p className="dialog-muted">{t('changeLog.kept')}</p>
      {body}
    </InfoDialog>
  );
}
