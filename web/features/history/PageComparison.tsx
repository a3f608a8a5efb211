import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageComparison as Comparison } from '../../api/history';
import { LinkButton } from '../../components/LinkButton';
import { itemInfoQuery } from '../item/queries';
import { useIsMobile } from '../reader/useIsMobile';
import { SPREADSHEET_ITEM_TYPE, versionText } from './sheet-version';
import { DiffView } from './DiffView';
import { alignLines, summarize } from './side-by-side';
import { versionTime } from './version-time';

/**
 * Seed 001 §2 "Diff screen": the chosen version (left) against the page now (right), line by line, with
 * what the version was and a way back to the page. Phones (the reader's mobile rule) get one column.
 */
export function PageComparison({ comparison }: { comparison: Comparison }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const { page, history_page: version } = comparison;
  // The answer does not say what kind of project the page is in; item/info does (and is cached by the reader).
  const item = useQuery({ ...itemInfoQuery(String(page.item_id)), staleTime: 60_000 });
  const asSheet = item.data?.item_type === SPREADSHEET_ITEM_TYPE;
  const rows = useMemo(
    () => alignLines(versionText(version.page_content, asSheet), versionText(page.page_content, asSheet)),
    [version.page_content, page.page_content, asSheet],
  );
  const summary = useMemo(() => summarize(rows), [rows]);
  const oldTime = versionTime(version.addtime);
  const newTime = versionTime(page.addtime);
  const identical = summary.added === 0 && summary.removed === 0;
  const oldTitle = version.page_title && version.page_title !== page.page_title ? version.page_title : null;

  return (
    <div className="diff-screen">
      <header className="diff-head">
        <div className="diff-head-text">
          <h1 className="diff-title">{page.page_title}</h1>
          <p className="diff-version">
            {version.author_username ? t('history.diff.versionBy', { author: version.author_username, time: oldTime }) : t('history.diff.versionAt', { time: oldTime })}
          </p>
          {version.page_comments && <p className="diff-version-note">{t('history.commentIs', { comment: version.page_comments })}</p>}
          {oldTitle && <p className="diff-version-note">{t('history.titleThen', { title: oldTitle })}</p>}
        </div>
        <LinkButton to={`/${page.item_id}/${page.page_id}`} icon={<ArrowLeftOutlined aria-hidden />}>
          {t('history.diff.backToPage')}
        </LinkButton>
      </header>
      <p className="diff-summary">
        {identical ? (
          t('history.diff.noChanges')
        ) : (
          <>
            <span className="diff-summary-added">{t('history.diff.linesAdded', { count: summary.added })}</span>
            <span className="diff-summary-removed">{t('history.diff.linesRemoved', { count: summary.removed })}</span>
          </>
        )}
      </p>
      {asSheet && <p className="dialog-muted">{t('history.sheetText')}</p>}
      <DiffView
        rows={rows}
        layout={mobile ? 'unified' : 'split'}
        oldLabel={t('history.diff.oldSide', { time: oldTime })}
        newLabel={page.author_username ? t('history.diff.newSideBy', { time: newTime, author: page.author_username }) : t('history.diff.newSide', { time: newTime })}
      />
    </div>
  );
}
