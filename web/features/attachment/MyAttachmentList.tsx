import { DeleteOutlined, FileImageOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyAttachment } from '../../api/attachment';

const BYTES_PER_MB = 1024 * 1024;

/** Sizes in MB like the summary line; a few KB would read "0.00 MB", which looks like an empty file. */
function useSizeText() {
  const { t } = useTranslation();
  return (bytes: number) => {
    const mb = bytes / BYTES_PER_MB;
    return bytes > 0 && mb < 0.01 ? t('attachmentCenter.sizeTiny') : t('attachmentCenter.size', { size: mb.toFixed(2) });
  };
}

export interface MyAttachmentListProps {
  files: MyAttachment[];
  onDelete(file: MyAttachment): Promise<void>;
}

/**
 * The caller's files as rows that wrap into cards on phones (one markup for both: the meta line
 * wraps instead of a wide table scrolling sideways at 375 px).
 */
export function MyAttachmentList({ files, onDelete }: MyAttachmentListProps) {
  const { t } = useTranslation();
  const sizeText = useSizeText();
  return (
    <ul className="attachment-center-list" aria-label={t('attachmentCenter.listLabel')}>
      {files.map((file) => {
        const image = file.file_type.startsWith('image/');
        return (
          <li key={file.file_id} className="attachment-center-row">
            {image ? <FileImageOutlined aria-hidden className="attachment-center-icon" /> : <PaperClipOutlined aria-hidden className="attachment-center-icon" />}
            <div className="attachment-center-main">
              {/* The file's own address: opening it counts a download, as ShowDoc's list does. */}
              <a className="attachment-center-name" href={file.url} target="_blank" rel="noopener noreferrer">
                {file.display_name}
              </a>
              <div className="attachment-center-meta">
                <span title={file.file_type}>{image ? t('attachmentCenter.image') : t('attachmentCenter.otherFile')}</span>
                <span>{sizeText(file.file_size)}</span>
                <span>{t('attachmentCenter.downloads', { count: file.visit_times })}</span>
                <span>{t('attachmentCenter.uploadedAt', { time: file.addtime })}</span>
                {file.page_id > 0 && (
                  <Link to={`/${file.item_id}/${file.page_id}`} aria-label={t('attachmentCenter.pageLabel', { name: file.display_name })}>
                    {t('attachmentCenter.page')}
                  </Link>
                )}
              </div>
            </div>
            <Popconfirm
              title={t('attachmentCenter.deleteConfirm', { name: file.display_name })}
              okText={t('attachmentCenter.delete')}
              okButtonProps={{ danger: true }}
              onConfirm={() => onDelete(file)}
            >
              <Button danger icon={<DeleteOutlined />} aria-label={t('attachmentCenter.deleteLabel', { name: file.display_name })} />
            </Popconfirm>
          </li>
        );
      })}
    </ul>
  );
}
