import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface InfoDialogProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  /** Left out on phones, where antd's dialog takes the screen's width. */
  width?: number | undefined;
  children: ReactNode;
}

/** A dialog that shows things and has one way out: the Close button (or Esc, or the ✕). */
export function InfoDialog({ open, title, onClose, width, children }: InfoDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      width={width}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('itemDialog.close')}
        </Button>
      }
    >
      {children}
    </Modal>
  );
}
