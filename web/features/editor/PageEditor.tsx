import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMediaQuery } from '../../components/useMediaQuery';
import type { CatalogChoice } from '../catalog/catalog-choices';
import { CodeEditor, type CodeEditorHandle } from './CodeEditor';
import { EditorDialogs, type EditorDialog } from './EditorDialogs';
import { EditorHeader } from './EditorHeader';
import { EditorPreview, LIVE_PREVIEW_MAX_CHARS } from './EditorPreview';
import { EditorToolRow } from './EditorToolRow';
import { applyMarkdownCommand, type MarkdownCommand } from './markdown-commands';
import { MarkdownToolbar } from './MarkdownToolbar';
import { formatDateTime } from '../../i18n/dates';
import { clearDraft, draftKey, draftWorthOffering, DRAFT_INTERVAL_MS, readDraft, writeDraft } from './page-draft';
import { useLockNotices } from './useLockNotices';
import { usePageLock } from './usePageLock';
import { useImagePaste } from './useImagePaste';
import { useSavePage } from './useSavePage';
import './editor.css';

export interface EditorStart {
  itemId: number;
  /** 0 for a new page. */
  pageId: number;
  itemType: number;
  canManage: boolean;
  title: string;
  content: string;
  catId: number;
  version: number | undefined;
  attachmentCount: number;
}

export interface PageEditorProps {
  start: EditorStart;
  catalogs: readonly CatalogChoice[];
  catalogsLoading: boolean;
}

/** Where the editor returns to: the page in its project, or the project for a page never saved. */
function readerPath(itemId: number, pageId: number): string {
  return pageId > 0 ? `/${itemId}/${pageId}` : `/${itemId}`;
}

/**
 * The page editor (seed 001 §2 "Page editor", §4 locks and drafts): markdown on the left, the page as it
 * will read on the right, the title and catalog above, and the tools of the writing issue around it.
 */
export function PageEditor({ start, catalogs, catalogsLoading }: PageEditorProps) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 768px)');
  const editor = useRef<CodeEditorHandle>(null);
  const { itemId } = start;

  const [pageId, setPageId] = useState(start.pageId);
  const [title, setTitle] = useState(start.title);
  const [catId, setCatId] = useState(start.catId);
  const [text, setText] = useState(start.content);
  const [saved, setSaved] = useState({ title: start.title, content: start.content, catId: start.catId });
  const [version, setVersion] = useState(start.version);
  const [attachments, setAttachments] = useState(start.attachmentCount);
  const [preview, setPreview] = useState(!phone);
  const [dialog, setDialog] = useState<EditorDialog | null>(null);
  const dirty = text !== saved.content || title !== saved.title || catId !== saved.catId;
  const leaving = useRef(false);

  const leave = useCallback(() => {
    leaving.current = true;
    navigate(readerPath(itemId, pageId));
  }, [navigate, itemId, pageId]);

  // Drafts (seed 001 §4): every 30 s while there are unsaved changes; offered back on the next opening.
  const key = draftKey(itemId, pageId);
  const latest = useRef({ title, text, dirty });
  useEffect(() => {
    latest.current = { title, text, dirty };
  });

  const lockNotices = useLockNotices();
  const takeOverRef = useRef<() => Promise<boolean>>(() => Promise.resolve(false));
  const lock = usePageLock({
    itemId,
    pageId,
    onBlocked: (reason) => {
      if ('holder' in reason) {
        lockNotices.held(reason, { takeOver: () => takeOverRef.current(), leave });
        return;
      }
      const content = 'quotaExceeded' in reason ? t('editor.quotaExceeded') : reason.message;
      modal.warning({ title: t('editor.cannotEdit'), content, onOk: leave, afterClose: leave });
    },
    onLost: (holder) => {
      // Taken over: what this tab holds must survive it being closed now.
      if (latest.current.dirty) writeDraft(key, { title: latest.current.title, content: latest.current.text, savedAt: Date.now() });
      lockNotices.lost(holder);
    },
  });
  useEffect(() => {
    takeOverRef.current = async () => {
      const taken = await lock.takeOver();
      if (taken) void message.success(t('editor.tookOver'));
      return taken;
    };
  });
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (latest.current.dirty) writeDraft(key, { title: latest.current.title, content: latest.current.text, savedAt: Date.now() });
    }, DRAFT_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [key]);
  const offered = useRef(false);
  useEffect(() => {
    if (offered.current) return;
    offered.current = true;
    const draft = readDraft(draftKey(itemId, start.pageId));
    if (!draftWorthOffering(draft, { title: start.title, content: start.content })) return;
    modal.confirm({
      title: t('editor.draftTitle'),
      content: t('editor.draftBody', { time: formatDateTime(draft.savedAt, i18n.language) }),
      okText: t('editor.draftRestore'),
      cancelText: t('editor.draftDiscard'),
      onOk: () => {
        editor.current?.setText(draft.content);
        if (draft.title) setTitle(draft.title);
      },
      onCancel: () => clearDraft(draftKey(itemId, start.pageId)),
      // After the dialog's own focus restore (to the page body, where nothing was focused yet).
      afterClose: () => editor.current?.focus(),
    });
  }, [itemId, start.pageId, start.title, start.content, modal, t, i18n]);

  // Closing the tab with unsaved work asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Seed 001 §2: one notice per page when the live preview stops following long text.
  const longNoticeShown = useRef(false);
  useEffect(() => {
    if (text.length <= LIVE_PREVIEW_MAX_CHARS || longNoticeShown.current) return;
    longNoticeShown.current = true;
    const noticeKey = `folio.previewNotice.${itemId}.${pageId}`;
    try {
      if (window.localStorage.getItem(noticeKey)) return;
      window.localStorage.setItem(noticeKey, '1');
    } catch {
      // Without storage the notice shows once per opening.
    }
    void message.info(t('editor.previewOffNotice', { max: LIVE_PREVIEW_MAX_CHARS }), 6);
  }, [text.length, itemId, pageId, message, t]);

  const { save, saving } = useSavePage(itemId);
  const runSave = useCallback(
    async (notify?: string) => {
      const content = editor.current?.text() ?? text;
      if (content.trim() === '') {
        void message.warning(t('editor.emptyContent'));
        return false;
      }
      const outcome = await save({
        page_id: pageId,
        cat_id: catId,
        page_title: title,
        page_content: content,
        version: pageId > 0 ? version : undefined,
        is_notify: notify !== undefined,
        notify_content: notify,
      });
      if (outcome.kind === 'busy') return false;
      if (outcome.kind === 'failed') {
        modal.error({ title: t('editor.saveFailed'), content: outcome.message });
        return false;
      }
      clearDraft(draftKey(itemId, pageId));
      setSaved({ title, content, catId });
      if (outcome.version !== undefined) setVersion(outcome.version);
      if (outcome.emailWarning) {
        modal.warning({ title: t('editor.savedNoEmailTitle'), content: t('editor.savedNoEmail') });
      } else {
        void message.success(notify !== undefined ? t('editor.savedNotified') : t('editor.saved'));
      }
      if (outcome.created && outcome.pageId > 0) {
        setPageId(outcome.pageId);
        // The same editor goes on with the saved page; the route follows without reloading it.
        navigate(`/page/edit/${itemId}/${outcome.pageId}`, { replace: true, state: { fromNewPage: outcome.pageId } });
      }
      return true;
    },
    [save, pageId, catId, title, version, text, itemId, message, modal, navigate, t],
  );

  const onCommand = useCallback(
    (command: MarkdownCommand) => {
      const handle = editor.current;
      if (!handle) return;
      const words = {
        bold: t('editor.sample.bold'),
        italic: t('editor.sample.italic'),
        code: t('editor.sample.code'),
        linkText: t('editor.sample.link'),
        imageText: t('editor.sample.image'),
        heading: t('editor.sample.heading'),
        column: t('editor.sample.column'),
      };
      handle.apply(applyMarkdownCommand(command, handle.text(), handle.selection(), words));
    },
    [t],
  );

  const pasteImages = useImagePaste({ itemId, pageId, editor, onUploaded: () => setAttachments((n) => n + 1) });
  const onHtmlPaste = useCallback((html: string, plain: string) => {
    if (html.length < 200) return false;
    setDialog({ kind: 'htmlPaste', html, plain });
    return true;
  }, []);

  const close = () => {
    if (!dirty) return leave();
    modal.confirm({
      title: t('editor.leaveTitle'),
      content: t('editor.leaveBody'),
      okText: t('editor.leaveOk'),
      okButtonProps: { danger: true },
      onOk: leave,
      // Staying: back to the text (after leaving, the editor is gone and this does nothing).
      afterClose: () => editor.current?.focus(),
    });
  };

  // Whatever tool dialog closed (inserted, cancelled or escaped), typing goes on in the text. The
  // dialogs unmount on close, so nothing else gives focus back: without this it fell to the page body,
  // where Ctrl+S opened the browser's own "Save page as".
  const openDialog = useRef(dialog);
  useEffect(() => {
    if (openDialog.current && !dialog) editor.current?.focus();
    openDialog.current = dialog;
  }, [dialog]);

  // Ctrl/Cmd+S saves wherever the focus is on the editor screen (title, toolbar, after a dialog); the
  // text's own binding answers first while it has the focus. With a dialog open it only keeps the
  // browser's save dialog away.
  const saveRef = useRef(runSave);
  useEffect(() => {
    saveRef.current = runSave;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.shiftKey || !(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (!openDialog.current && !document.querySelector('.ant-modal-wrap:not([style*="display: none"])')) void saveRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const insert = useCallback((value: string) => editor.current?.insert(value), []);
  const insertBlock = useCallback((value: string) => editor.current?.insertBlock(value), []);
  const replaceAll = useCallback((value: string) => editor.current?.setText(value), []);

  return (
    <div className="page-editor">
      <EditorHeader
        title={title}
        onTitle={setTitle}
        newPage={pageId === 0}
        catId={catId}
        catalogs={start.itemType === 2 ? [] : catalogs}
        catalogsLoading={catalogsLoading}
        onCatalog={setCatId}
        saving={saving}
        dirty={dirty}
        lock={lock.state}
        onClose={close}
        onSave={() => void runSave()}
        onSaveAndNotify={() => setDialog({ kind: 'notify' })}
        onSaveAsTemplate={() => setDialog({ kind: 'saveTemplate' })}
        onLock={() => void lock.take()}
        onUnlock={() => void lock.release()}
      />
      <EditorToolRow
        itemId={itemId}
        pageId={pageId}
        attachmentCount={attachments}
        canManage={start.canManage}
        editor={editor}
        onInsert={insertBlock}
        onOpen={setDialog}
      />
      <div className={`page-editor-body${preview ? ' with-preview' : ''}`}>
        <div className="page-editor-write">
          <MarkdownToolbar onCommand={onCommand} preview={preview} onTogglePreview={() => setPreview((on) => !on)} />
          <CodeEditor
            ref={editor}
            initialText={start.content}
            label={t('editor.contentLabel')}
            placeholder={t('editor.contentPlaceholder')}
            onChange={setText}
            onSave={() => void runSave()}
            onCommand={onCommand}
            onFiles={pasteImages}
            onHtmlPaste={onHtmlPaste}
          />
        </div>
        {preview && <EditorPreview text={text} />}
      </div>
      <EditorDialogs
        dialog={dialog}
        itemId={itemId}
        pageId={pageId}
        catId={catId}
        title={title}
        content={text}
        canEdit
        saving={saving}
        onClose={() => setDialog(null)}
        onInsert={insert}
        onInsertBlock={insertBlock}
        onReplaceAll={replaceAll}
        onAttachmentCount={setAttachments}
        onNotify={async (notice) => {
          if (await runSave(notice)) setDialog(null);
        }}
      />
    </div>
  );
}

