import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../reader/useIsMobile';
import { OpenApiGuide } from './OpenApiGuide';

interface OpenApiReadyDialogProps {
  open: boolean;
  itemId: number;
  itemName: string;
  onClose: () => void;
  onOpenProject: () => void;
}

/** What "Generate from the open API" shows once its project exists: the guide, then the way in. */
export default function OpenApiReadyDialog({ open, itemId, itemName, onClose, onOpenProject }: OpenApiReadyDialogProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  return (
    <Modal
      open={open}
      title={t('import.openApi.readyTitle', { name: itemName })}
      onCancel={onClose}
      destroyOnHidden
      width={mobile ? undefined : 720}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('itemDialog.close')}
        </Button>,
        <Button key="open" type="primary" onClick={onOpenProject}>
          {t('import.openApi.openProject')}
        </Button>,
      ]}
    >
      <OpenApiGuide itemId={itemId} />
    </Modal>
  );
}
