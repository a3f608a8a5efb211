import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageVersion } from '../../api/history';
import { MarkdownView } from '../reader/markdown/MarkdownView';
import { useMarkdownRenderer } from '../reader/markdown/render';
import { versionText } from './sheet-version';
import './sheet-history.css';

interface VersionPreviewProps {
  version: PageVersion;
  time: string;
  /** The page's title now: the version's own title shows when it was different. */
  currentTitle?: string;
  onBack: () => void;
  /** Compare and recover buttons of the version. */
  actions: ReactNode;
  /** A spreadsheet version: shown as its cells' text, not rendered as markdown. */
  asSheet?: boolean;
}

/** One earlier version, rendered exactly as the reader renders the page. */
export function VersionPreview({ version, time, currentTitle, onBack, actions, asSheet = false }: VersionPreviewProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const render = useMarkdownRenderer();
  const rendered = useMemo(() => (asSheet ? null : render(version.page_content)), [asSheet, version.page_content, render]);
  const cells = useMemo(() => (asSheet ? versionText(version.page_content, true) : ''), [asSheet, version.page_content]);
  const oldTitle = version.page_title && currentTitle !== undefined && version.page_title !== currentTitle ? version.page_title : null;

  useEffect(() => {
    // The list it replaced had the focus: start reading at the version's heading.
    heading.current?.focus();
  }, []);

  return (
    <section className="history-preview" aria-labelledby={headingId}>
      <div className="history-preview-bar">
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack}>
          {t('history.backToList')}
        </Button>
        <div className="history-version-actions">{actions}</div>
      </div>
      <h3 id={headingId} ref={heading} tabIndex={-1} className="history-preview-title">
        {t('history.previewTitle', { time })}
      </h3>
      <p className="history-preview-meta">
        {version.author_username && <span>{t('history.savedBy', { author: version.author_username })}</span>}
        {version.page_comments && <span>{t('history.commentIs', { comment: version.page_comments })}</span>}
        {oldTitle && <span>{t('history.titleThen', { title: oldTitle })}</span>}
      </p>
      {rendered ? (
        <MarkdownView rendered={rendered} className="history-preview-body" />
      ) : (
        <>
          <p className="dialog-muted">{t('history.sheetText')}</p>
          <pre className="history-preview-body history-sheet-text">{cells}</pre>
        </>
      )}
    </section>
  );
}
