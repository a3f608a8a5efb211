import type { ItemSummary } from '../../../api/item';

/** Every dialog about one project gets the project, whether it shows, and how to close it. */
export interface ItemDialogProps {
  item: ItemSummary;
  open: boolean;
  onClose: () => void;
}

/** Dialogs after which the project list comes back (transfer, archive, delete). */
export interface LifecycleDialogProps extends ItemDialogProps {
  onDone: () => void;
}
