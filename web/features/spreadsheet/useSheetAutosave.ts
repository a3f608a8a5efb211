import { useCallback, useEffect, useRef, useState } from 'react';
import { clearDraft, DRAFT_INTERVAL_MS, writeDraft } from '../editor/page-draft';
import { useSavePage } from '../editor/useSavePage';

/** Seed 001 "Spreadsheet draft": every edit saves; a pause this long after the last one sends it. */
export const SHEET_SAVE_DEBOUNCE_MS = 1500;
/** After an import the sheet is saved this soon (seed 001). */
export const IMPORT_SAVE_DELAY_MS = 500;
/** A save refused because one is still on its way is tried again after this. */
const BUSY_RETRY_MS = 1000;

export type SheetSaveStatus = 'saved' | 'unsaved' | 'saving' | 'failed';

export interface SheetPage {
  itemId: number;
  /** 0 when the project has no sheet page yet: the first save creates it. */
  pageId: number;
  catId: number;
  title: string;
  version: number | undefined;
  content: string;
}

export function sheetDraftKey(itemId: number, pageId: number): string {
  return `folio.draft.sheet.${itemId}.${pageId}`;
}

/**
 * Saves the sheet as the user edits: each change waits for a short pause, one save at a time, the newest
 * content always wins, and nothing typed is dropped (a failed save leaves the content marked unsaved and
 * kept as a local draft). The draft is written every 30 s while unsaved and cleared after a save.
 */
export function useSheetAutosave(page: SheetPage, options: { debounceMs?: number } = {}) {
  const debounceMs = options.debounceMs ?? SHEET_SAVE_DEBOUNCE_MS;
  const { save } = useSavePage(page.itemId);
  const [status, setStatus] = useState<SheetSaveStatus>('saved');
  const [failure, setFailure] = useState<string | null>(null);
  const latest = useRef(page.content);
  const saved = useRef(page.content);
  const version = useRef(page.version);
  const pageId = useRef(page.pageId);
  const timer = useRef<number | null>(null);
  const running = useRef(false);
  const draftKey = sheetDraftKey(page.itemId, page.pageId);

  const keepDraft = useCallback(() => {
    if (latest.current !== saved.current) writeDraft(draftKey, { title: '', content: latest.current, savedAt: Date.now() });
  }, [draftKey]);

  const run = useCallback(async (): Promise<boolean> => {
    if (timer.current !== null) {
      window.clearTimeout(timer.current);
      timer.current = null;
    }
    if (latest.current === saved.current) {
      setStatus((now) => (now === 'failed' ? now : 'saved'));
      return true;
    }
    if (running.current) return false;
    running.current = true;
    const content = latest.current;
    setStatus('saving');
    const outcome = await save({
      page_id: pageId.current,
      cat_id: page.catId,
      page_title: page.title,
      page_content: content,
      version: version.current,
    });
    running.current = false;
    if (outcome.kind === 'busy') {
      timer.current = window.setTimeout(() => void run(), BUSY_RETRY_MS);
      return false;
    }
    if (outcome.kind === 'failed') {
      keepDraft();
      setFailure(outcome.message);
      setStatus('failed');
      return false;
    }
    saved.current = content;
    pageId.current = outcome.pageId || pageId.current;
    if (outcome.version !== undefined) version.current = outcome.version;
    setFailure(null);
    if (latest.current !== saved.current) {
      setStatus('unsaved');
      timer.current = window.setTimeout(() => void run(), debounceMs);
    } else {
      clearDraft(draftKey);
      setStatus('saved');
    }
    return true;
  }, [save, page.catId, page.title, debounceMs, keepDraft, draftKey]);

  const schedule = useCallback(
    (content: string, delayMs: number) => {
      if (content === latest.current) return;
      latest.current = content;
      setStatus((now) => (now === 'saving' ? now : 'unsaved'));
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void run(), delayMs);
    },
    [run],
  );

  /** A change made in the sheet. */
  const edit = useCallback((content: string) => schedule(content, debounceMs), [schedule, debounceMs]);
  /** Content that replaces the sheet (an import, a restored draft): saved soon. */
  const replace = useCallback((content: string) => schedule(content, IMPORT_SAVE_DELAY_MS), [schedule]);
  /** The latest saved sheet, loaded again (after taking the lock over): edits go on from its version. */
  const rebase = useCallback((content: string, savedVersion: number | undefined) => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    latest.current = content;
    saved.current = content;
    version.current = savedVersion;
    setFailure(null);
    setStatus('saved');
  }, []);
  /** Ctrl/Cmd+S, or before an export: saves now. True when what is on screen is saved. */
  const saveNow = useCallback(async () => {
    setFailure(null);
    if (status === 'failed') setStatus('unsaved');
    return run();
  }, [run, status]);

  useEffect(() => {
    const every = window.setInterval(keepDraft, DRAFT_INTERVAL_MS);
    window.addEventListener('pagehide', keepDraft);
    return () => {
      window.clearInterval(every);
      window.removeEventListener('pagehide', keepDraft);
      if (timer.current !== null) window.clearTimeout(timer.current);
      // Leaving the screen with an edit not saved yet: keep it locally and send it.
      if (latest.current !== saved.current) {
        keepDraft();
        if (!running.current) void run();
      }
    };
  }, [keepDraft, run]);

  return { status, failure, edit, replace, rebase, saveNow, isDirty: () => latest.current !== saved.current };
}
