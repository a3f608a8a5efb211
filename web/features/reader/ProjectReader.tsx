import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellOutlined, FileTextOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Skeleton, type InputRef } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { itemKeys } from '../../api/item';
import { deletePage, readerKeys, type PageInfo, type ReaderItem } from '../../api/reader';
import { Drawer } from '../../components/deferred-antd';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { currentLanguage } from '../../i18n';
import { displayName, useCurrentUser } from '../user/current-user';
import { accessOutcome } from './access';
import { CatalogPanel } from './CatalogPanel';
import { EditorBar, type PageAction } from './EditorBar';
import { HeaderActions } from './HeaderActions';
import { buildMenuTree, catalogPathTo, firstPageId } from './menu-tree';
import { pageQuery } from './queries';
import { ReaderHeader } from './ReaderHeader';
import { ReaderToolsProvider, useReaderTools, type ReaderToolContext } from './tools';
import { preloadable } from './preloadable';
import { useIsMobile } from './useIsMobile';
import { useLazyItemActions } from './useLazyItemActions';
import { useReaderShortcuts } from './useReaderShortcuts';
import { useTreeContextMenu } from './useTreeContextMenu';
import { useArchivedAccess } from './archived-access';
import { Watermark } from './Watermark';
import { readerToolDialogs } from './registered-tools';
import { itemSummaryOf } from './item-summary';
import { withAllTexts } from '../../i18n';

const AttachmentsDialog = lazy(() => withAllTexts(import('./AttachmentsDialog')));
// Failure screens (antd's Result with its illustrations) download only when a page fails to load.
const PageLoadFailure = lazy(() => import('./LoadFailure').then((module) => ({ default: module.PageLoadFailure })));
const pageContent = preloadable(() => import('./PageContent').then((module) => module.default));
const PageContent = pageContent.Component;

interface ProjectReaderProps {
  /** The project's id or personal domain, as in the address. */
  itemRef: string;
  item: ReaderItem;
  /** The page asked for in the address, if any. */
  pageId: number | null;
}

/**
 * Seed 001 §2 "Project view" for regular projects (types 0, 1, 3): the catalog tree on the left (a drawer
 * on phones), the page in the middle, its table of contents on the right above 1000 px.
 */
export function ProjectReader(props: ProjectReaderProps) {
  const queryClient = useQueryClient();
  const { itemRef } = props;
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: itemKeys.project(itemRef) });
    void queryClient.invalidateQueries({ queryKey: readerKeys.pages() });
  }, [queryClient, itemRef]);
  return (
    <ReaderToolsProvider dialogs={readerToolDialogs} onChanged={refresh}>
      <ProjectReaderScreen {...props} />
    </ReaderToolsProvider>
  );
}

function ProjectReaderScreen({ itemRef, item, pageId: askedPageId }: ProjectReaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { message, modal } = AntApp.useApp();
  const me = useCurrentUser();
  const mobile = useIsMobile();
  const tools = useReaderTools();
  const itemActions = useLazyItemActions();

  const itemId = item.item_id;
  const roots = useMemo(() => buildMenuTree(item.menu), [item.menu]);
  const defaultPageId = item.default_page_id;
  const pageId = askedPageId ?? (defaultPageId > 0 ? defaultPageId : firstPageId(roots));
  const canEdit = item.item_edit === true;
  const canManage = item.item_manage === true;
  const archivedAccess = useArchivedAccess(item);

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(pageId === null ? [] : (catalogPathTo(roots, pageId) ?? [])));
  const [keyword, setKeyword] = useState('');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [attachmentsOpen, setAttachmentsOpen] = useState<'never' | 'open' | 'closed'>('never');
  const searchRef = useRef<InputRef>(null);
  const focusSearchOnOpen = useRef(false);

  // The catalogs around the page on screen open when the page changes (a link, the search, Back).
  useEffect(() => {
    if (pageId === null) return;
    const path = catalogPathTo(roots, pageId);
    if (!path || path.length === 0) return;
    setExpanded((open) => (path.every((key) => open.has(key)) ? open : new Set([...open, ...path])));
  }, [roots, pageId]);

  // A new page starts at its top, like a new document, unless its address names a heading: the page's text
  // scrolls there once it is on screen (MarkdownView), and this effect, a parent's, would run after it.
  const startAtTop = useEffectEvent(() => {
    if (!location.hash) window.scrollTo?.(0, 0);
  });
  useEffect(() => {
    startAtTop();
  }, [pageId]);

  const page = useQuery({ ...pageQuery(pageId ?? 0), enabled: pageId !== null });
  const pageData = page.data ?? null;
  useDocumentTitle(pageData?.page_title || item.item_name);
  useEffect(() => {
    // The markdown engine downloads while page/info is on its way.
    if (pageId !== null) pageContent.preload().catch(() => undefined);
  }, [pageId]);

  const toggle = useCallback((key: string, open: boolean) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const hrefFor = useCallback((id: number) => `/${itemRef}/${id}`, [itemRef]);
  const openPage = useCallback(
    (id: number) => {
      setDrawerOpen(false);
      if (id !== pageId || askedPageId === null) navigate(hrefFor(id));
    },
    [navigate, hrefFor, pageId, askedPageId],
  );

  useReaderShortcuts({
    onSearch: () => {
      if (fullscreen) setFullscreen(false);
      if (mobile && !drawerOpen) {
        focusSearchOnOpen.current = true;
        setDrawerOpen(true);
      } else {
        searchRef.current?.focus();
      }
    },
    onEscape: fullscreen ? () => setFullscreen(false) : undefined,
  });

  const summary = itemSummaryOf(item);
  const toolContext: ReaderToolContext = { itemRef, item, page: pageData };

  const remove = useMutation({
    mutationFn: (target: PageInfo) => deletePage(target.page_id),
    onSuccess: async (_data, target) => {
      void message.success(t('reader.deleteDone'));
      queryClient.removeQueries({ queryKey: readerKeys.page(target.page_id) });
      await queryClient.invalidateQueries({ queryKey: itemKeys.project(itemRef) });
      navigate(`/${itemRef}`, { replace: true });
    },
  });

  const treeMenu = useTreeContextMenu({
    itemId,
    context: toolContext,
    canEdit,
    hrefFor,
    currentPageId: pageId,
    onChanged: () => void queryClient.invalidateQueries({ queryKey: itemKeys.project(itemRef) }),
    onCurrentPageDeleted: () => navigate(`/${itemRef}`, { replace: true }),
  });

  const onPageAction = (action: PageAction) => {
    if (!pageData) return;
    if (action === 'pageInfo') {
      void modal.info({
        title: t('reader.pageInfo'),
        content: t('reader.pageInfoText', { author: pageData.author_username || '—', time: pageData.addtime }),
      });
      return;
    }
    void modal.confirm({
      title: t('reader.deleteConfirmTitle', { title: pageData.page_title }),
      content: t('reader.deleteConfirmText'),
      okText: t('reader.deleteOk'),
      okButtonProps: { danger: true },
      // A refusal was alerted by the client; the confirmation closes either way.
      onOk: () => remove.mutateAsync(pageData).catch(() => undefined),
    });
  };

  const catalogPanel = (
    <CatalogPanel
      itemRef={itemRef}
      roots={roots}
      expanded={expanded}
      onToggle={toggle}
      currentPageId={pageId}
      hrefFor={hrefFor}
      onOpenPage={openPage}
      keyword={keyword}
      onKeywordChange={setKeyword}
      searchRef={searchRef}
      onRowMenu={canEdit ? (row, at) => treeMenu.open({ row, ...at }) : undefined}
      footer={
        canEdit ? (
          <EditorBar context={toolContext} itemId={itemId} page={pageData} onPageAction={onPageAction} onLeave={() => setDrawerOpen(false)} />
        ) : undefined
      }
    />
  );

  const loading = (
    <main id="main" className="reader-main">
      <div className="reader-page" role="status" aria-label={t('app.loading')}>
        <Skeleton active title paragraph={{ rows: 8 }} />
      </div>
    </main>
  );
  let content: ReactNode;
  if (pageId === null) {
    content = (
      <main id="main" className="reader-main">
        <EmptyProject item={item} hasCatalogs={roots.length > 0} />
      </main>
    );
  } else if (page.isPending) {
    content = loading;
  } else if (page.isError) {
    const outcome = accessOutcome(page.error, { itemRef, pageId, here: location.pathname + location.search });
    if (outcome.kind === 'redirect') return <Navigate to={outcome.to} replace />;
    content = (
      <Suspense fallback={loading}>
        <PageLoadFailure outcome={outcome} onRetry={() => void page.refetch()} />
      </Suspense>
    );
  } else {
    content = (
      <Suspense fallback={loading}>
        <PageContent
          page={page.data}
          withToc={!mobile && !fullscreen}
          onAttachments={() => setAttachmentsOpen('open')}
          fullscreen={mobile ? undefined : { on: fullscreen, toggle: () => setFullscreen((on) => !on) }}
          tools={
            <>
              {tools.has('pageShare') && (
                <Button type="text" onClick={() => tools.onTool('pageShare', toolContext)}>
                  {t('reader.tools.pageShare')}
                </Button>
              )}
              {/* Anyone signed in who reads the page may follow it (issue 23 item 9). */}
              {me.data && tools.has('followPage') && (
                <Button type="text" icon={<BellOutlined aria-hidden />} onClick={() => tools.onTool('followPage', toolContext)}>
                  {t('subscriptions.readerButton')}
                </Button>
              )}
            </>
          }
        />
      </Suspense>
    );
  }

  const user = me.data ?? null;
  const layout = ['reader', mobile ? 'is-mobile' : '', fullscreen ? 'is-fullscreen' : ''].filter(Boolean).join(' ');

  return (
    <div className={layout}>
      {!fullscreen && (
        <ReaderHeader
          title={item.item_name}
          titleTo={`/${itemRef}`}
          archived={item.is_archived === 1}
          onOpenCatalog={mobile ? () => setDrawerOpen(true) : undefined}
          actions={
            <HeaderActions
              item={summary}
              context={toolContext}
              canEdit={canEdit}
              canManage={canManage}
              pageId={pageData ? pageData.page_id : null}
              runItemAction={itemActions.run}
              archivedAccess={archivedAccess}
            />
          }
        />
      )}
      <div className="reader-body">
        {!mobile && !fullscreen && (
          <aside className="reader-sidebar" aria-label={t('reader.catalog')}>
            {catalogPanel}
          </aside>
        )}
        {content}
      </div>
      {mobile && (
        <Drawer
          placement="left"
          size="80%"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={item.item_name}
          className="reader-drawer"
          afterOpenChange={(open) => {
            if (open && focusSearchOnOpen.current) searchRef.current?.focus();
            focusSearchOnOpen.current = false;
          }}
        >
          {catalogPanel}
        </Drawer>
      )}
      {item.show_watermark === 1 && <Watermark lines={[user ? displayName(user) : '', today(), item.item_name]} />}
      {itemActions.dialogs}
      {canEdit && treeMenu.element}
      {attachmentsOpen !== 'never' && pageData && (
        <Suspense fallback={null}>
          <AttachmentsDialog pageId={pageData.page_id} open={attachmentsOpen === 'open'} onClose={() => setAttachmentsOpen('closed')} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * Seed 001 §2: an empty project shows its name and description and says it has no pages; the how-to hint
 * is shown in Chinese only, as in ShowDoc.
 */
function EmptyProject({ item, hasCatalogs }: { item: ReaderItem; hasCatalogs: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="reader-page reader-empty">
      <h1 className="reader-page-title">{item.item_name}</h1>
      {item.item_description && <p className="reader-empty-description">{item.item_description}</p>}
      <p className="reader-empty-text">
        <FileTextOutlined aria-hidden className="reader-empty-icon" />
        {hasCatalogs ? t('reader.noPagesInCatalogs') : t('reader.emptyProject')}
      </p>
      {currentLanguage() === 'zh-CN' && <p className="reader-empty-hint">{t('reader.emptyProjectHint')}</p>}
    </div>
  );
}

function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
