import { DownloadOutlined, HistoryOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Popconfirm, Space } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTime } from '../../i18n/dates';
import { exportXlsxUrl, importXlsx, XLSX_ACCEPT } from '../../api/sheet';
import { clearDraft, draftWorthOffering, readDraft, type PageDraft } from '../editor/page-draft';
import { usePageLock } from '../editor/usePageLock';
import { pageQuery } from '../reader/queries';
import { ReadOnlySheet } from './ReadOnlySheet';
import { SheetLoading } from './SheetLoading';
import { SheetStatus } from './SheetStatus';
import { dismissTipForever, tipDismissedForever } from './sheet-tip';
import { parseXWorkbook, xWorkbookToFortune } from './convert/xsheet-to-fortune';
import type { FortuneBook } from './convert/sheet-model';
import { sheetDraftKey, useSheetAutosave, type SheetPage } from './useSheetAutosave';
import { useLockWatch } from './useLockWatch';

const SheetGrid = lazy(() => import('./SheetGrid'));

/** Seed 001 "Spreadsheet lock": renewed every 3 minutes while the sheet is open. */
export const SHEET_LOCK_RENEW_MS = 180_000;
/**
 * Each renewal holds the sheet this long: a tab that stops renewing without giving the lock back (a
 * crash, a lost network) frees it within minutes, not the server's default half hour. Two minutes above
 * the renewal because browsers delay timers of hidden tabs by up to a minute.
 */
export const SHEET_LOCK_LEASE_S = 300;

interface EditableSheetProps {
  page: SheetPage;
  lang: 'en' | 'zh';
  /** Opens the page history; absent while the project has no sheet page yet. */
  onHistory?: () => void;
}

/** Why the sheet is read-only here; `since` is when this screen first saw the holder's lock. */
type Blocked = { holder: string; since: number } | { message: string } | null;

function loadBook(content: string): FortuneBook {
  return xWorkbookToFortune(parseXWorkbook(content));
}

/** The sheet for someone who may edit it: lock, auto-save, drafts, import and export. */
export function EditableSheet({ page, lang, onHistory }: EditableSheetProps) {
  const { t, i18n } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [blocked, setBlocked] = useState<Blocked>(null);
  const [taking, setTaking] = useState(false);
  const draftKey = sheetDraftKey(page.itemId, page.pageId);
  const lock = usePageLock({
    itemId: page.itemId,
    pageId: page.pageId,
    renewEveryMs: SHEET_LOCK_RENEW_MS,
    leaseSeconds: SHEET_LOCK_LEASE_S,
    onBlocked: (reason) => {
      // Someone else's sheet: a draft kept here would only be offered over their work later.
      clearDraft(draftKey);
      setBlocked('holder' in reason ? { holder: reason.holder, since: Date.now() } : 'message' in reason ? { message: reason.message } : { message: t('sheet.readOnly') });
    },
  });
  const seen = useLockWatch(page.itemId, page.pageId, blocked !== null);
  useEffect(() => {
    // Another person may have taken over from the first holder meanwhile: name who holds it now.
    if (seen?.kind === 'held') setBlocked((now) => (now && 'holder' in now && now.holder === seen.holder ? now : { holder: seen.holder, since: Date.now() }));
  }, [seen]);
  const autosave = useSheetAutosave(page);
  const [view, setView] = useState(() => ({ book: loadBook(page.content), revision: 0 }));
  const [draft, setDraft] = useState<PageDraft | null>(() => {
    const stored = readDraft(draftKey);
    return draftWorthOffering(stored, { title: '', content: page.content }) ? stored : null;
  });
  const [tip, setTip] = useState(() => !tipDismissedForever());
  const [dropped, setDropped] = useState<string[]>([]);
  const [importing, setImporting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const { saveNow, isDirty, rebase } = autosave;

  /** "Edit now" once the holder's lock lapsed: take it, then load what they saved last, so none of it is overwritten. */
  const takeOver = async () => {
    setTaking(true);
    try {
      if (!(await lock.take())) return;
      const latest = await queryClient.fetchQuery({ ...pageQuery(page.pageId), staleTime: 0 });
      const book = loadBook(latest.page_content);
      rebase(latest.page_content, latest.version);
      setView((last) => ({ book, revision: last.revision + 1 }));
      setBlocked(null);
    } catch (error) {
      setBlocked({ message: error instanceof Error ? error.message : String(error) });
    } finally {
      setTaking(false);
    }
  };

  const show = useCallback(
    (content: string) => {
      setView((last) => ({ book: loadBook(content), revision: last.revision + 1 }));
      autosave.replace(content);
    },
    [autosave],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saveNow();
      }
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isDirty()) event.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [saveNow, isDirty]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setImporting(true);
    setDropped([]);
    try {
      const imported = await importXlsx(page.itemId, file);
      show(imported.content);
      setDropped(imported.dropped);
      message.success(t('sheet.import.done', { sheets: imported.sheets, cells: imported.cells }));
    } catch (error) {
      message.error(t('sheet.import.failed', { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setImporting(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const onExport = async () => {
    const savedNow = await saveNow();
    if (!savedNow && isDirty()) {
      message.error(t('sheet.exportFailed'));
      return;
    }
    const link = document.createElement('a');
    link.href = exportXlsxUrl(page.itemId);
    link.rel = 'noopener';
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
  };

  if (blocked) {
    const since = 'holder' in blocked ? formatTime(blocked.since, i18n.language) : '';
    const free = seen?.kind === 'free';
    let notice: string;
    if ('holder' in blocked) notice = free ? t('sheet.lockLapsed', { name: blocked.holder, time: since }) : t('sheet.lockedBy', { name: blocked.holder, time: since });
    else notice = free ? t('sheet.lockFree') : t('sheet.lockFailed', { message: blocked.message });
    const action = free ? (
      <Button size="small" type="primary" loading={taking} onClick={() => void takeOver()}>
        {t('sheet.editNow')}
      </Button>
    ) : undefined;
    return <ReadOnlySheet key={view.revision} book={view.book} lang={lang} notice={notice} action={action} />;
  }

  return (
    <>
      <div className="sheet-toolbar" role="toolbar" aria-label={t('sheet.toolbar')}>
        <Space wrap size={4}>
          <Button icon={<SaveOutlined aria-hidden />} onClick={() => void saveNow()} title={t('sheet.saveShortcut')}>
            {t('sheet.save')}
          </Button>
          <SheetStatus status={autosave.status} />
        </Space>
        <Space wrap size={4}>
          <Popconfirm title={t('sheet.import.replaceTitle')} description={t('sheet.import.replaceText')} okText={t('sheet.import.replaceOk')} cancelText={t('sheet.import.cancel')} onConfirm={() => fileInput.current?.click()}>
            <Button icon={<UploadOutlined aria-hidden />} loading={importing}>
              {t('sheet.importXlsx')}
            </Button>
          </Popconfirm>
          <input ref={fileInput} type="file" accept={XLSX_ACCEPT} hidden data-testid="sheet-import-file" onChange={(event) => void onFile(event.target.files?.[0])} />
          <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void onExport()}>
            {t('sheet.exportXlsx')}
          </Button>
          {onHistory && (
            <Button icon={<HistoryOutlined aria-hidden />} onClick={onHistory}>
              {t('sheet.history')}
            </Button>
          )}
        </Space>
      </div>
      {autosave.failure !== null && (
        <Alert
          className="sheet-notice"
          type="error"
          showIcon
          banner
          message={t('sheet.saveFailed', { message: autosave.failure })}
          action={
            <Space>
              <Button size="small" onClick={() => void saveNow()}>
                {t('sheet.save')}
              </Button>
              <Button size="small" onClick={() => window.location.reload()}>
                {t('sheet.reload')}
              </Button>
            </Space>
          }
        />
      )}
      {draft && (
        <Alert
          className="sheet-notice"
          type="warning"
          showIcon
          banner
          message={t('sheet.draft.title', { time: formatDateTime(draft.savedAt, i18n.language) })}
          action={
            <Space>
              <Button
                size="small"
                type="primary"
                onClick={() => {
                  clearDraft(draftKey);
                  setDraft(null);
                  show(draft.content);
                }}
              >
                {t('sheet.draft.restore')}
              </Button>
              <Button
                size="small"
                onClick={() => {
                  clearDraft(draftKey);
                  setDraft(null);
                }}
              >
                {t('sheet.draft.discard')}
              </Button>
            </Space>
          }
        />
      )}
      {dropped.length > 0 && (
        <Alert
          className="sheet-notice"
          type="warning"
          showIcon
          closable
          onClose={() => setDropped([])}
          message={t('sheet.import.droppedTitle')}
          description={
            <ul className="sheet-dropped">
              {dropped.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          }
        />
      )}
      {tip && (
        <Alert
          className="sheet-notice"
          type="info"
          showIcon
          banner
          closable
          onClose={() => setTip(false)}
          message={t('sheet.tip.text')}
          action={
            <Button
              size="small"
              type="link"
              onClick={() => {
                dismissTipForever();
                setTip(false);
              }}
            >
              {t('sheet.tip.never')}
            </Button>
          }
        />
      )}
      <div className="sheet-canvas">
        <Suspense fallback={<SheetLoading />}>
          <SheetGrid key={view.revision} book={view.book} editable lang={lang} onChange={autosave.edit} />
        </Suspense>
      </div>
    </>
  );
}
