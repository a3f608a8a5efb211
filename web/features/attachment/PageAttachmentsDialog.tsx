import { DeleteOutlined, PaperClipOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { InfoDialog } from '../../components/InfoDialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Popconfirm, Progress, Spin, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deletePageFile, uploadPageFile } from '../../api/attachment';
import { fetchPageAttachments, readerKeys, type PageAttachment } from '../../api/reader';
import { RetryAlert } from '../../components/RetryAlert';
import { useIsMobile } from '../reader/useIsMobile';
import './attachments.css';

/** Seed 001 §9: uploads are limited to 4 MB; checked here too, so a big file fails at once. */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;
const IMAGE = /\.(png|jpe?g|gif|webp|bmp)$/i;

export interface PageAttachmentsDialogProps {
  open: boolean;
  itemId: number;
  pageId: number;
  canEdit: boolean;
  onClose(): void;
  /** Puts a link to the file (an image for pictures) into the page text. */
  onInsert?(markdown: string): void;
  onCountChange?(count: number): void;
}

/** Markdown wants no brackets or line breaks in link text. */
function linkFor(file: PageAttachment): string {
  const name = file.display_name.replace(/[[\]\r\n]/g, ' ').trim() || 'file';
  return `${IMAGE.test(file.display_name) ? '!' : ''}[${name}](${file.url})`;
}

/** The editor's attachments (seed 001 §2): the page's files, upload (editors), insert a link, delete. */
export default function PageAttachmentsDialog({ open, itemId, pageId, canEdit, onClose, onInsert, onCountChange }: PageAttachmentsDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const queryClient = useQueryClient();
  const key = readerKeys.attachments(pageId);
  const files = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchPageAttachments(pageId, signal), enabled: open && pageId > 0, staleTime: 0 });
  const [progress, setProgress] = useState<number | null>(null);
  const count = files.data?.length;
  useEffect(() => {
    if (count !== undefined) onCountChange?.(count);
  }, [count, onCountChange]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const upload = async (file: File) => {
    if (file.size > MAX_UPLOAD_BYTES) {
      void message.error(t('attachments.tooLarge', { name: file.name }));
      return;
    }
    setProgress(0);
    try {
      await uploadPageFile(file, itemId, pageId, { onProgress: setProgress });
      void message.success(t('attachments.uploaded', { name: file.name }));
      await refresh();
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
    }
  };

  const remove = async (file: PageAttachment) => {
    try {
      await deletePageFile(file.file_id, pageId);
      void message.success(t('attachments.deleted', { name: file.display_name }));
      await refresh();
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <InfoDialog
      open={open}
      title={t('attachments.title')}
      onClose={onClose}
      width={mobile ? undefined : 640}
    >
      {canEdit && (
        <div className="attachments-upload">
          <Upload
            showUploadList={false}
            multiple
            customRequest={({ file }) => void upload(file as File)}
            disabled={progress !== null}
          >
            <Button icon={<UploadOutlined />} loading={progress !== null}>
              {t('attachments.upload')}
            </Button>
          </Upload>
          <span className="dialog-muted">{t('attachments.limit')}</span>
          {progress !== null && <Progress percent={progress} size="small" aria-label={t('attachments.progress')} />}
        </div>
      )}
      {files.isPending ? (
        <div className="reader-dialog-loading">
          <Spin />
        </div>
      ) : files.isError ? (
        <RetryAlert message={files.error.message} onRetry={() => void files.refetch()} />
      ) : files.data.length === 0 ? (
        <Empty description={t('attachments.empty')} />
      ) : (
        <ul className="attachments-list" aria-label={t('attachments.title')}>
          {files.data.map((file) => (
            <li key={file.file_id}>
              <PaperClipOutlined aria-hidden />
              <span className="attachments-name">
                <a href={file.url} target="_blank" rel="noopener noreferrer">
                  {file.display_name}
                </a>
                <span className="dialog-muted">{file.addtime}</span>
              </span>
              {onInsert && (
                <Button size="small" icon={<PlusOutlined />} onClick={() => onInsert(linkFor(file))} aria-label={t('attachments.insertLabel', { name: file.display_name })}>
                  {t('attachments.insert')}
                </Button>
              )}
              {canEdit && (
                <Popconfirm
                  title={t('attachments.deleteConfirm', { name: file.display_name })}
                  okText={t('attachments.delete')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(file)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('attachments.deleteLabel', { name: file.display_name })} />
                </Popconfirm>
              )}
            </li>
          ))}
        </ul>
      )}
    </InfoDialog>
  );
}
