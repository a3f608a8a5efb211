import { App } from 'antd';
import { InfoDialog } from '../../components/InfoDialog';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageVersion } from '../../api/history';
import { PageOrderDialog } from '../catalog/PageOrderDialog';
import { PageHistory } from '../history/PageHistory';
import { NotifyDialog } from './NotifyDialog';

// Each tool's code downloads when the tool is first opened.
const TemplateDialog = lazy(() => import('../template/TemplateDialog'));
const SaveTemplateDialog = lazy(() => import('../template/SaveTemplateDialog'));
const PageAttachmentsDialog = lazy(() => import('../attachment/PageAttachmentsDialog'));
const MockDialog = lazy(() => import('../mock/MockDialog'));
const SubscribersDialog = lazy(() => import('../subscription/SubscribersDialog'));
const JsonToTableDialog = lazy(() => import('./format/JsonToTableDialog'));
const PasteTableDialog = lazy(() => import('./format/PasteTableDialog'));
const SqlToTableDialog = lazy(() => import('./format/SqlToTableDialog'));
const HtmlPasteDialog = lazy(() => import('./format/HtmlPasteDialog'));

export type EditorDialog =
  | { kind: 'notify' }
  | { kind: 'saveTemplate' }
  | { kind: 'templates' }
  | { kind: 'attachments' }
  | { kind: 'history' }
  | { kind: 'sortPages' }
  | { kind: 'mock' }
  | { kind: 'subscribers' }
  | { kind: 'jsonToTable' }
  | { kind: 'pasteTable' }
  | { kind: 'sqlToTable' }
  | { kind: 'htmlPaste'; html: string; plain: string };

export interface EditorDialogsProps {
  dialog: EditorDialog | null;
  itemId: number;
  pageId: number;
  catId: number;
  title: string;
  content: string;
  canEdit: boolean;
  saving: boolean;
  onClose(): void;
  onInsert(text: string): void;
  /** Tables and templates: on lines of their own. */
  onInsertBlock(text: string): void;
  onReplaceAll(text: string): void;
  onAttachmentCount(count: number): void;
  onNotify(notice: string): void;
}

/** The dialogs the editor's menus open; one at a time. */
export function EditorDialogs(props: EditorDialogsProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { dialog, itemId, pageId, onClose, onInsert } = props;
  if (!dialog) return null;
  const insertAndClose = (text: string) => {
    onInsert(text);
    onClose();
  };
  const insertBlockAndClose = (text: string) => {
    props.onInsertBlock(text);
    onClose();
  };
  const recover = (version: PageVersion) => {
    modal.confirm({
      title: t('editor.recoverTitle'),
      content: t('editor.recoverBody', { time: version.addtime }),
      okText: t('editor.recoverOk'),
      onOk: () => {
        props.onReplaceAll(version.page_content);
        onClose();
      },
    });
  };

  return (
    <Suspense fallback={null}>
      {dialog.kind === 'notify' && <NotifyDialog open saving={props.saving} onClose={onClose} onSubmit={props.onNotify} />}
      {dialog.kind === 'saveTemplate' && <SaveTemplateDialog open content={props.content} defaultTitle={props.title} onClose={onClose} onSaved={onClose} />}
      {dialog.kind === 'templates' && <TemplateDialog open itemId={itemId} onClose={onClose} onInsert={insertBlockAndClose} />}
      {dialog.kind === 'attachments' && (
        <PageAttachmentsDialog open itemId={itemId} pageId={pageId} canEdit={props.canEdit} onClose={onClose} onInsert={insertAndClose} onCountChange={props.onAttachmentCount} />
      )}
      {dialog.kind === 'mock' && <MockDialog open itemId={itemId} pageId={pageId} onClose={onClose} />}
      {dialog.kind === 'subscribers' && <SubscribersDialog open itemId={itemId} pageId={pageId} onClose={onClose} />}
      {dialog.kind === 'sortPages' && <PageOrderDialog open itemId={itemId} initialCatId={props.catId} onClose={onClose} onSaved={onClose} />}
      {dialog.kind === 'history' && (
        <InfoDialog open title={t('editor.historyTitle')} onClose={onClose} width={820}>
          <PageHistory pageId={pageId} currentTitle={props.title} canEditComments onRecover={recover} />
        </InfoDialog>
      )}
      {dialog.kind === 'jsonToTable' && <JsonToTableDialog open onClose={onClose} onInsert={insertBlockAndClose} />}
      {dialog.kind === 'pasteTable' && <PasteTableDialog open onClose={onClose} onInsert={insertBlockAndClose} />}
      {dialog.kind === 'sqlToTable' && <SqlToTableDialog open onClose={onClose} onInsert={insertBlockAndClose} />}
      {dialog.kind === 'htmlPaste' && <HtmlPasteDialog open html={dialog.html} plain={dialog.plain} onClose={onClose} onChoose={insertAndClose} />}
    </Suspense>
  );
}
