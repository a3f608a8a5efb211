import { Button, Modal, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReaderToolDialogProps } from '../reader/tools';
import { useIsMobile } from '../reader/useIsMobile';
import { ImportFilePicker } from './ImportFilePicker';
import { useImportUpload } from './useImportUpload';

/**
 * The project menu's "Import" (seed 001 §2, managers only): loads the pages of one file into this
 * project, then the reader reloads its menu and page (seed 001 §4 "Import").
 */
export default function ImportDialog({ open, context, onClose, onChanged }: ReaderToolDialogProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const name = context.item.item_name;
  const [importedFile, setImportedFile] = useState<string | null>(null);
  const upload = useImportUpload(context.item.item_id, (_result, file) => {
    setImportedFile(file.name);
    onChanged();
  });

  const footer =
    importedFile !== null
      ? [
          <Button key="done" type="primary" onClick={onClose} autoFocus>
            {t('itemDialog.close')}
          </Button>,
        ]
      : [
          <Button key="cancel" onClick={onClose}>
            {t('import.cancel')}
          </Button>,
          <Button key="import" type="primary" loading={upload.busy} onClick={upload.start}>
            {t('import.submit')}
          </Button>,
        ];

  return (
    <Modal
      open={open}
      title={t('import.intoTitle', { name })}
      onCancel={onClose}
      destroyOnHidden
      width={mobile ? undefined : 600}
      mask={{ closable: !upload.busy }}
      footer={footer}
    >
      {importedFile !== null ? (
        <Result status="success" title={t('import.intoDone', { name })} subTitle={t('import.intoDoneText', { file: importedFile })} />
      ) : (
        <ImportFilePicker upload={upload} intro={t('import.intoIntro', { name })} />
      )}
    </Modal>
  );
}
