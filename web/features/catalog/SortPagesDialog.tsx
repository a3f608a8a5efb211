import type { ReaderToolDialogProps } from '../reader/tools';
import { PageOrderDialog } from './PageOrderDialog';

/** The editors' "sort pages" tool: starts on the catalog of the page on screen, or on the root. */
export default function SortPagesDialog({ open, context, onClose, onChanged }: ReaderToolDialogProps) {
  return (
    <PageOrderDialog
      open={open}
      itemId={context.item.item_id}
      initialCatId={context.page?.cat_id ?? 0}
      onClose={onClose}
      onSaved={onChanged}
    />
  );
}
