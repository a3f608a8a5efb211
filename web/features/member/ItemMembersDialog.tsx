import { useTranslation } from 'react-i18next';
import { InfoDialog } from '../../components/InfoDialog';
import type { ReaderToolDialogProps } from '../reader/tools';
import { useIsMobile } from '../reader/useIsMobile';
import { ArchivedMembersList } from './ArchivedMembersList';
import { ItemMembersPanel } from './ItemMembersPanel';

/** The members panel in a dialog, from the project view's managers' menu and the project card. */
export default function ItemMembersDialog({ open, context, onClose, onChanged }: ReaderToolDialogProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  return (
    <InfoDialog open={open} title={t('members.title', { name: context.item.item_name })} onClose={onClose} width={mobile ? undefined : 820}>
      {context.item.is_archived === 1 ? <ArchivedMembersList itemId={context.item.item_id} /> : <ItemMembersPanel itemId={context.item.item_id} onChanged={onChanged} />}
    </InfoDialog>
  );
}
