import { PaperClipOutlined } from '@ant-design/icons';
import { InfoDialog } from '../../components/InfoDialog';
import { useQuery } from '@tanstack/react-query';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchPageAttachments, readerKeys } from '../../api/reader';

/** Seed 001 §2: the attachment list of a page (`page/uploadList`); each file downloads from its link. */
export default function AttachmentsDialog({ pageId, open, onClose }: { pageId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const files = useQuery({ queryKey: readerKeys.attachments(pageId), queryFn: ({ signal }) => fetchPageAttachments(pageId, signal), enabled: open, staleTime: 0 });
  return (
    <InfoDialog
      open={open}
      title={t('reader.attachments')}
      onClose={onClose}
    >
      {files.isPending ? (
        <div className="reader-dialog-loading">
          <Spin />
        </div>
      ) : files.isError ? (
        <p role="alert">{files.error.message}</p>
      ) : files.data.length === 0 ? (
        <Empty description={t('reader.noAttachments')} />
      ) : (
        <ul className="reader-attachments">
          {files.data.map((file) => (
            <li key={file.file_id}>
              {safeLink(file.url) ? (
                <a href={file.url} target="_blank" rel="noopener noreferrer">
                  <PaperClipOutlined aria-hidden /> {file.display_name}
                </a>
              ) : (
                <span>
                  <PaperClipOutlined aria-hidden /> {file.display_name}
                </span>
              )}
              <span className="dialog-muted">{file.addtime}</span>
            </li>
          ))}
        </ul>
      )}
    </InfoDialog>
  );
}

/** Files are served by the site (relative) or an object store (http/https); nothing else is a link. */
function safeLink(url: string): boolean {
  return /^(?:https?:\/\/|\/(?!\/))/i.test(url.trim());
}
