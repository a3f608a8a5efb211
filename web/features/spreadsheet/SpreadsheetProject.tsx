import { useQuery } from '@tanstack/react-query';
import { Result, Button } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { PageInfo, ReaderItem } from '../../api/reader';
import { NARROW_SCREEN, useMediaQuery } from '../../components/useMediaQuery';
import { currentLanguage } from '../../i18n';
import { accessOutcome } from '../reader/access';
import { HeaderActions } from '../reader/HeaderActions';
import { PageLoadFailure } from '../reader/LoadFailure';
import { pageQuery } from '../reader/queries';
import { ReaderHeader } from '../reader/ReaderHeader';
import { readerToolDialogs } from '../reader/registered-tools';
import { ReaderToolsProvider, useReaderTools } from '../reader/tools';
import { isMobileAgent } from '../reader/useIsMobile';
import { useLazyItemActions } from '../reader/useLazyItemActions';
import { EditableSheet } from './EditableSheet';
import { ReadOnlySheet } from './ReadOnlySheet';
import { SheetLoading } from './SheetLoading';
import { parseXWorkbook, xWorkbookToFortune } from './convert/xsheet-to-fortune';
import type { FortuneBook } from './convert/sheet-model';
import './spreadsheet.css';
import { firstPageId, itemSummaryOf } from '../reader/item-summary';

/** Why the sheet is shown without editing, or null when the caller may edit it here. */
function readOnlyReason(item: ReaderItem, phone: boolean): 'member' | 'archived' | 'phone' | null {
  if (item.item_edit !== true) return 'member';
  if (item.is_archived === 1) return 'archived';
  if (phone) return 'phone';
  return null;
}

/** Seed 001 §2 "Spreadsheet screen": a spreadsheet project (type 4) is its one sheet page. */
export function SpreadsheetProject({ itemRef, item }: { itemRef: string; item: ReaderItem }) {
  const itemActions = useLazyItemActions();
  const pageId = firstPageId(item);
  const page = useQuery({ ...pageQuery(pageId ?? 0), enabled: pageId !== null, staleTime: Infinity });
  const summary = itemSummaryOf(item);

  return (
    <ReaderToolsProvider dialogs={readerToolDialogs} onChanged={() => void page.refetch()}>
      <div className="reader sheet-screen">
        <ReaderHeader
          title={item.item_name}
          actions={
            <HeaderActions
              item={summary}
              context={{ itemRef, item, page: page.data ?? null }}
              canEdit={item.item_edit === true}
              canManage={item.item_manage === true}
              // The markdown editor's pencil has nothing to do with a sheet.
              pageId={null}
              runItemAction={itemActions.run}
            />
          }
        />
        <SheetBody itemRef={itemRef} item={item} pageId={pageId} page={page} />
      </div>
      {itemActions.dialogs}
    </ReaderToolsProvider>
  );
}

interface SheetBodyProps {
  itemRef: string;
  item: ReaderItem;
  pageId: number | null;
  page: { status: 'pending' | 'error' | 'success'; data: PageInfo | undefined; error: Error | null; refetch: () => unknown };
}

function SheetBody({ itemRef, item, pageId, page }: SheetBodyProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const tools = useReaderTools();
  const phone = useMediaQuery(NARROW_SCREEN) || isMobileAgent();
  const lang = currentLanguage() === 'zh-CN' ? 'zh' : 'en';
  const content = pageId === null ? '' : page.data?.page_content;
  const parsed = useMemo((): { book: FortuneBook } | { error: string } | null => {
    if (content === undefined) return null;
    try {
      return { book: xWorkbookToFortune(parseXWorkbook(content)) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [content]);

  let body: ReactNode;
  if (pageId !== null && page.status === 'error' && page.error) {
    const outcome = accessOutcome(page.error, { itemRef, pageId, here: location.pathname + location.search });
    if (outcome.kind === 'redirect') return <Navigate to={outcome.to} replace />;
    body = <PageLoadFailure outcome={outcome} onRetry={() => void page.refetch()} />;
  } else if (parsed === null) {
    body = <SheetLoading />;
  } else if ('error' in parsed) {
    body = (
      <Result
        status="warning"
        title={t('sheet.loadFailed')}
        subTitle={t('sheet.badContent', { message: parsed.error })}
        extra={<Button onClick={() => void page.refetch()}>{t('sheet.retry')}</Button>}
      />
    );
  } else {
    const reason = readOnlyReason(item, phone);
    if (reason !== null) {
      const notice = reason === 'archived' ? t('sheet.archived') : reason === 'phone' ? t('sheet.phoneReadOnly') : null;
      body = <ReadOnlySheet book={parsed.book} lang={lang} notice={notice} />;
    } else {
      const info = page.data;
      body = (
        <EditableSheet
          page={{
            itemId: item.item_id,
            pageId: pageId ?? 0,
            catId: info?.cat_id ?? 0,
            title: info?.page_title || item.item_name,
            version: info?.version,
            content: content ?? '',
          }}
          lang={lang}
          onHistory={info && tools.has('pageHistory') ? () => tools.onTool('pageHistory', { itemRef, item, page: info }) : undefined}
        />
      );
    }
  }
  return (
    <main id="main" className={phone ? 'sheet-main is-phone' : 'sheet-main'}>
      {body}
    </main>
  );
}
