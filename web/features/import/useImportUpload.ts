import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { codesThatRedirect } from '../../../common/errors';
import { ApiCallError, withRedirect } from '../../api/client';
import { importFile, MAX_IMPORT_BYTES, type ImportResult } from '../../api/import';

/** Where an import stands: nothing chosen, a file chosen, its bytes going up, the server reading it. */
export type ImportPhase = 'empty' | 'chosen' | 'uploading' | 'reading';

export interface ImportUpload {
  file: File | null;
  phase: ImportPhase;
  /** 0–100 while uploading. */
  progress: number;
  /** Why the last try failed, in the server's words; the file stays chosen so it can be sent again. */
  problem: string | null;
  busy: boolean;
  choose: (file: File) => void;
  start: () => void;
}

/**
 * One file to `import/auto`, into `itemId` or into a new project. Failures are shown in place rather
 * than alerted (seed 000 §8 "Import failure"), and the person can pick a file again at once.
 */
export function useImportUpload(itemId: number | undefined, onImported: (result: ImportResult, file: File) => void): ImportUpload {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<ImportPhase>('empty');
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const sending = useRef<AbortController | null>(null);
  const imported = useRef(onImported);
  imported.current = onImported;

  // Closing the dialog drops an upload under way: nothing should navigate after the person left.
  useEffect(() => () => sending.current?.abort(), []);

  const busy = phase === 'uploading' || phase === 'reading';

  const choose = useCallback(
    (next: File) => {
      if (busy) return;
      if (next.size > MAX_IMPORT_BYTES) {
        setFile(null);
        setPhase('empty');
        setProblem(t('import.tooLarge', { max: MAX_IMPORT_BYTES / 1024 / 1024 }));
        return;
      }
      setFile(next);
      setPhase('chosen');
      setProblem(null);
    },
    [busy, t],
  );

  const start = useCallback(() => {
    if (busy) return;
    if (!file) {
      setProblem(t('import.chooseFirst'));
      return;
    }
    const controller = new AbortController();
    sending.current = controller;
    setProblem(null);
    setProgress(0);
    setPhase('uploading');
    importFile(file, {
      itemId,
      signal: controller.signal,
      onProgress: (percent) => {
        setProgress(percent);
        if (percent >= 100) setPhase('reading');
      },
    }).then(
      (result) => {
        if (controller.signal.aborted) return;
        setPhase('chosen');
        imported.current(result, file);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setPhase('chosen');
        if (error instanceof ApiCallError && error.kind === 'server' && codesThatRedirect.toLogin.includes(error.code)) {
          navigate(withRedirect('/user/login', location.pathname + location.search));
          return;
        }
        setProblem(error instanceof Error ? error.message : String(error));
      },
    );
  }, [busy, file, itemId, location.pathname, location.search, navigate, t]);

  return { file, phase, progress, problem, busy, choose, start };
}
