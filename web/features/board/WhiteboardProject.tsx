import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReaderItem } from '../../api/reader';
import { whiteboardQuery } from './api';
import { BoardFrame } from './BoardFrame';
import { readWhiteboard } from './fabric-preview';
import { WhiteboardSvg } from './WhiteboardSvg';

/** A file name from the project's name: no path separators or characters a file system refuses. */
export function downloadName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim().slice(0, 100);
  return `${clean || 'whiteboard'}.json`;
}

function download(content: string, name: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A ShowDoc whiteboard (type 5) brought over by the migration: a notice, a preview and a download of its data. */
export function WhiteboardProject({ itemRef, item }: { itemRef: string; item: ReaderItem }) {
  const { t } = useTranslation();
  const data = useQuery(whiteboardQuery(itemRef, item.item_id));
  const content = data.data?.content ?? '';
  const preview = useMemo(() => (data.data ? readWhiteboard(content) : null), [data.data, content]);

  let body;
  if (data.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (data.data) {
    body = (
      <>
        <div className="whiteboard-actions">
          <Button icon={<DownloadOutlined aria-hidden />} onClick={() => download(content, downloadName(item.item_name))} disabled={content === ''}>
            {t('board.download')}
          </Button>
        </div>
        {preview === null ? (
          <Alert type="warning" showIcon title={t('board.previewUnavailable')} />
        ) : preview.objects.length === 0 ? (
          <Empty description={t('board.emptyWhiteboard')} />
        ) : (
          <div className="whiteboard-preview">
            <WhiteboardSvg preview={preview} label={t('board.previewLabel', { name: item.item_name })} />
          </div>
        )}
      </>
    );
  }
  return (
    <BoardFrame itemRef={itemRef} item={item} notice={t('board.readOnlyWhiteboard')} error={data.error} onRetry={() => void data.refetch()}>
      {body}
    </BoardFrame>
  );
}
