import { useMutation } from '@tanstack/react-query';
import { App as AntApp, Button, Checkbox, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qrCodeUrl } from '../../api/item';
import { createSinglePageLink, pageLink, removeSinglePageLink, singlePageLink } from '../../api/pageShare';
import type { PageInfo } from '../../api/reader';
import type { ReaderToolDialogProps } from '../reader/tools';
import { useSiteOrigin } from '../site/queries';
import { CopyableLink } from './CopyableLink';

/**
 * Seed 001 §2 "page share dialog" and §4 "Single-page share": the page's address in its project, and
 * for editors a switch for a link to this page alone that needs no project password.
 */
export default function PageShareDialog({ open, context, onClose, onChanged }: ReaderToolDialogProps) {
  const { t } = useTranslation();
  const { page } = context;
  return (
    <Modal
      open={open}
      title={page ? t('pageShare.title', { title: page.page_title }) : t('reader.tools.pageShare')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('itemDialog.close')}
        </Button>
      }
    >
      {/* The reader offers this tool only with a page on screen. */}
      {page && <PageShare itemRef={context.itemRef} page={page} canEdit={context.item.item_edit === true} onChanged={onChanged} />}
    </Modal>
  );
}

interface PageShareProps {
  itemRef: string;
  page: PageInfo;
  canEdit: boolean;
  onChanged: () => void;
}

function PageShare({ itemRef, page, canEdit, onChanged }: PageShareProps) {
  const { t } = useTranslation();
  const origin = useSiteOrigin();
  const { message, modal } = AntApp.useApp();
  const pageId = page.page_id;
  // page/info carries the page's live share key ('' when it has none).
  const [shareKey, setShareKey] = useState(page.unique_key);

  // Refusals are alerted by the API client; the switch keeps its state.
  const create = useMutation({
    mutationFn: () => createSinglePageLink(pageId),
    onSuccess: (link) => {
      setShareKey(link.unique_key);
      void message.success(t('pageShare.created'));
      onChanged();
    },
  });
  const remove = useMutation({
    mutationFn: () => removeSinglePageLink(pageId),
    onSuccess: () => {
      setShareKey('');
      void message.success(t('pageShare.removed'));
      onChanged();
    },
  });

  const toggle = (checked: boolean) => {
    if (checked) {
      create.mutate();
      return;
    }
    void modal.confirm({
      title: t('pageShare.removeTitle'),
      content: t('pageShare.removeText'),
      okText: t('pageShare.removeOk'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync().catch(() => undefined),
    });
  };

  const singleLink = shareKey ? singlePageLink(shareKey, origin) : '';
  return (
    <>
      <p className="share-label">{t('pageShare.pageLink')}</p>
      <CopyableLink link={pageLink(itemRef, pageId, origin)} copyLabel={t('pageShare.copyPageLink')} />
      <p className="dialog-muted">{t('pageShare.pageLinkHint')}</p>
      {canEdit && (
        <div className="page-share-single">
          <Checkbox checked={shareKey !== ''} disabled={create.isPending || remove.isPending} onChange={(event) => toggle(event.target.checked)}>
            {t('pageShare.singlePage')}
          </Checkbox>
          {singleLink && (
            <div className="share-dialog page-share-link">
              <div className="share-text">
                <p className="share-label">{t('pageShare.singlePageLink')}</p>
                <CopyableLink link={singleLink} copyLabel={t('pageShare.copySinglePageLink')} />
                <p className="dialog-muted">{t('pageShare.singlePageHint')}</p>
              </div>
              <img className="share-qr" src={qrCodeUrl(singleLink)} width={114} height={114} alt={t('pageShare.qr')} />
            </div>
          )}
        </div>
      )}
    </>
  );
}
