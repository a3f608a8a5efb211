import { useTranslation } from 'react-i18next';
import { InfoDialog } from '../../components/InfoDialog';
import type { ReaderToolDialogProps } from '../reader/tools';
import { RecycleBinPanel } from './RecycleBinPanel';

/** The recycle bin in a dialog, from the managers' menu, the editors' bar and the project card. */
export default function RecycleBinDialog({ open, context, onClose, onChanged }: ReaderToolDialogProps) {
  const { t } = useTranslation();
  return (
    <InfoDialog open={open} title={t('recycleBin.title')} onClose={onClose}>
      <RecycleBinPanel itemId={context.item.item_id} canManage={context.item.item_manage === true} onChanged={onChanged} />
    </InfoDialog>
  );
}
