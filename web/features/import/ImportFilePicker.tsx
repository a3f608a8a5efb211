import { FileZipOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Progress, Upload } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_ACCEPT, MAX_IMPORT_BYTES } from '../../api/import';
import { SUPPORTED_FORMATS } from './formats';
import type { ImportUpload } from './useImportUpload';
import './import.css';

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Seed 000 §2 "Import dialog": one file, picked or dropped, what each kind becomes, then the upload's
 * progress or the server's reason for refusing it. The dialogs around it own the Import button.
 */
export function ImportFilePicker({ upload, intro }: { upload: ImportUpload; intro: string }) {
  const { t } = useTranslation();
  const { file, phase, progress, problem, busy } = upload;
  const formatsHeading = useId();
  return (
    <div className="import-picker">
      <p className="dialog-muted">{intro}</p>
      <Upload.Dragger
        accept={IMPORT_ACCEPT}
        multiple={false}
        maxCount={1}
        showUploadList={false}
        disabled={busy}
        // Keep the file here: the dialog's Import button sends it, so a wrong pick costs nothing.
        beforeUpload={(picked) => {
          upload.choose(picked);
          return false;
        }}
        aria-label={t('import.pickLabel')}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{t('import.pick')}</p>
        <p className="ant-upload-hint">{t('import.limits', { max: MAX_IMPORT_BYTES / 1024 / 1024 })}</p>
      </Upload.Dragger>
      {file && (
        <p className="import-chosen" aria-live="polite">
          <FileZipOutlined aria-hidden /> <span className="import-chosen-name">{file.name}</span>{' '}
          <span className="dialog-muted">({sizeText(file.size)})</span>
        </p>
      )}
      {busy && (
        <div className="import-progress" aria-live="polite">
          <Progress percent={progress} size="small" status="active" aria-label={t('import.progress')} />
          <span className="dialog-muted">{phase === 'reading' ? t('import.reading') : t('import.uploading')}</span>
        </div>
      )}
      {problem && <Alert className="import-problem" type="error" showIcon role="alert" title={t('import.failed')} description={problem} />}
      <section className="import-formats" aria-labelledby={formatsHeading}>
        <h3 id={formatsHeading}>{t('import.formatsTitle')}</h3>
        <ul>
          {SUPPORTED_FORMATS.map((format) => (
            <li key={format}>
              <strong>{t(`import.formats.${format}.name`)}</strong> — {t(`import.formats.${format}.becomes`)}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
