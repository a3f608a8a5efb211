import { InfoDialog } from '../../components/InfoDialog';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { ReaderToolDialogProps } from '../reader/tools';
import { useIsMobile } from '../reader/useIsMobile';
import { PageHistory } from './PageHistory';

/**
 * The reader's "page history" tool: the versions of the page on screen. Recovering a version belongs to
 * the editor (seed 001 §6), which shows `PageHistory` with `onRecover`.
 */
export default function PageHistoryDialog({ open, context, onClose }: ReaderToolDialogProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const { pathname } = useLocation();
  const openedAt = useRef(pathname);
  useEffect(() => {
    // A link followed inside a previewed version leads elsewhere: this page's history no longer applies.
    if (open && pathname !== openedAt.current) onClose();
  }, [open, pathname, onClose]);
  const page = context.page;
  if (!page) return null;
  return (
    <InfoDialog
      open={open}
      title={t('history.title', { title: page.page_title })}
      onClose={onClose}
      width={mobile ? undefined : 820}
    >
      <p className="dialog-muted">{t('history.intro')}</p>
      <PageHistory
        pageId={page.page_id}
        currentTitle={page.page_title}
        canEditComments={context.item.item_edit === true}
        itemType={'item_type' in context.item ? context.item.item_type : undefined}
      />
    </InfoDialog>
  );
}
