import type { ReaderToolDialogProps } from '../reader/tools';
import SubscribersDialog from './SubscribersDialog';

/** The reader's "Follow" button on a page: the followers dialog, as a reader or as an editor of the project. */
export default function FollowPageTool({ open, context, onClose }: ReaderToolDialogProps) {
  if (!context.page) return null;
  return <SubscribersDialog open={open} itemId={context.item.item_id} pageId={context.page.page_id} canEdit={context.item.item_edit} onClose={onClose} />;
}
