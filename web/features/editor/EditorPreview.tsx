import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { MarkdownView } from '../reader/markdown/MarkdownView';
import { useMarkdownRenderer } from '../reader/markdown/render';

/** Seed 001 §2: above this many characters the live preview stops following every keystroke. */
export const LIVE_PREVIEW_MAX_CHARS = 4000;

/**
 * The page as the reader will show it, rendered by the reader's own renderer. Long pages are rendered
 * on request instead of live, so typing in them stays fast.
 */
export function EditorPreview({ text }: { text: string }) {
  const { t } = useTranslation();
  const live = text.length <= LIVE_PREVIEW_MAX_CHARS;
  const debounced = useDebouncedValue(text, 200);
  const [snapshot, setSnapshot] = useState<string | null>(null);
  const source = live ? debounced : snapshot;
  const render = useMarkdownRenderer();
  const rendered = useMemo(() => (source === null ? null : render(source)), [source, render]);
  return (
    <section className="page-editor-preview" aria-label={t('editor.preview')}>
      {!live && (
        <div className="page-editor-preview-paused" role="status">
          <span>{t('editor.previewPaused', { max: LIVE_PREVIEW_MAX_CHARS })}</span>
          <Button size="small" onClick={() => setSnapshot(text)}>
            {snapshot === null ? t('editor.renderPreview') : t('editor.refreshPreview')}
          </Button>
        </div>
      )}
      {rendered && <MarkdownView rendered={rendered} className="reader-page-body" />}
    </section>
  );
}
