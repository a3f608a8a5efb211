import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { itemShareLink, qrCodeUrl } from '../../../api/item';
import { useSiteOrigin } from '../../site/queries';
import type { ItemDialogProps } from './types';

/** Seed 000 §2 / seed 001 §2: the project's link with a copy button and its QR code (114 px). */
export default function ShareItemDialog({ item, open, onClose }: ItemDialogProps) {
  const { t } = useTranslation();
  const link = itemShareLink(item, useSiteOrigin());
  return (
    <Modal
      open={open}
      title={t('itemDialog.share.title', { name: item.item_name })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('itemDialog.close')}
        </Button>
      }
    >
      <div className="share-dialog">
        <div className="share-text">
          <p className="share-label">{t('itemDialog.share.link')}</p>
          <Typography.Paragraph className="share-link" copyable={{ text: link }}>
            <a href={link} target="_blank" rel="noopener noreferrer">
              {link}
            </a>
          </Typography.Paragraph>
          <p className="dialog-muted">{item.is_private === 1 ? t('itemDialog.share.privateText') : t('itemDialog.share.openText')}</p>
        </div>
        <img className="share-qr" src={qrCodeUrl(link)} width={114} height={114} alt={t('itemDialog.share.qr')} />
      </div>
    </Modal>
  );
}
