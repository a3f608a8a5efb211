import { DiffOutlined, EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageVersion } from '../../api/history';
import { openComparison } from './open-comparison';
import { pageVersionsQuery } from './queries';
import { VersionComment } from './VersionComment';
import { SPREADSHEET_ITEM_TYPE } from './sheet-version';
import { VersionPreview } from './VersionPreview';
import { versionTime } from './version-time';
import { RetryAlert } from '../../components/RetryAlert';

export interface PageHistoryProps {
  pageId: number;
  /** The page's title now, to point out versions saved under another title. */
  currentTitle?: string;
  /** Editors annotate versions (page/updateHistoryComments); the server refuses everyone else anyway. */
  canEditComments: boolean;
  /**
   * The editor's "recover this version" (seed 001 §6: only there, not in the reader): the button shows
   * on every version when this is given.
   */
  onRecover?: (version: PageVersion) => void;
  /** The project's item_type: a spreadsheet's versions preview and compare as readable cell text. */
  itemType?: number;
}

/**
 * Seed 001 §2 "history list": the page's saved versions, newest first, with their time, author and
 * comment; each can be previewed, compared with the page now in a new window, and (in the editor)
 * recovered. The list stays one column so it reads on a phone.
 */
export function PageHistory({ pageId, currentTitle, canEditComments, onRecover, itemType }: PageHistoryProps) {
  const { t } = useTranslation();
  const versions = useQuery(pageVersionsQuery(pageId));
  const [previewId, setPreviewId] = useState<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  // Coming back from a preview puts the focus on the button that opened it.
  const returnTo = useRef<number | null>(null);

  useEffect(() => {
    if (previewId !== null || returnTo.current === null) return;
    list.current?.querySelector<HTMLElement>(`[data-preview="${returnTo.current}"]`)?.focus();
    returnTo.current = null;
  }, [previewId]);

  if (versions.isPending) {
    return (
      <div className="reader-dialog-loading" role="status" aria-label={t('app.loading')}>
        <Spin />
      </div>
    );
  }
  if (versions.isError) {
    return (
      <RetryAlert message={versions.error.message} onRetry={() => void versions.refetch()} />
    );
  }
  if (versions.data.length === 0) return <Empty description={t('history.empty')} />;

  const actionsOf = (version: PageVersion, time: string) => {
    const historyId = version.page_history_id;
    return (
      <>
        <Button size="small" icon={<DiffOutlined aria-hidden />} aria-label={t('history.compareLabel', { time })} onClick={() => openComparison(pageId, historyId)}>
          {t('history.compare')}
        </Button>
        {onRecover && (
          <Button size="small" icon={<RollbackOutlined aria-hidden />} aria-label={t('history.recoverLabel', { time })} onClick={() => onRecover(version)}>
            {t('history.recover')}
          </Button>
        )}
      </>
    );
  };

  const previewed = previewId === null ? undefined : versions.data.find((version) => version.page_history_id === previewId);
  if (previewed) {
    const time = versionTime(previewed.addtime);
    return (
      <VersionPreview
        version={previewed}
        time={time}
        currentTitle={currentTitle}
        asSheet={itemType === SPREADSHEET_ITEM_TYPE}
        actions={actionsOf(previewed, time)}
        onBack={() => {
          returnTo.current = previewId;
          setPreviewId(null);
        }}
      />
    );
  }

  return (
    <ul ref={list} className="history-list" aria-label={t('history.list')}>
      {versions.data.map((version) => {
        const historyId = version.page_history_id;
        const time = versionTime(version.addtime);
        return (
          <li key={historyId} className="history-version">
            <div className="history-version-head">
              <time className="history-version-time" dateTime={time}>
                {time}
              </time>
              {version.author_username && <span className="history-version-author">{t('history.savedBy', { author: version.author_username })}</span>}
            </div>
            <VersionComment pageId={pageId} version={version} time={time} editable={canEditComments} />
            <div className="history-version-actions">
              <Button size="small" icon={<EyeOutlined aria-hidden />} aria-label={t('history.previewLabel', { time })} data-preview={historyId} onClick={() => setPreviewId(historyId)}>
                {t('history.preview')}
              </Button>
              {actionsOf(version, time)}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
