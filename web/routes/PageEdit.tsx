import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { fetchDefaultCatalog, pageEditKeys } from '../api/page-edit';
import { PageLayout } from '../components/PageLayout';
import { PageLoading } from '../components/PageLoading';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { catalogChoices } from '../features/catalog/catalog-choices';
import { catalogTreeQuery } from '../features/catalog/queries';
import { PageEditor, type EditorStart } from '../features/editor/PageEditor';
import { accessOutcome } from '../features/reader/access';
import { RetryableFailure } from '../features/reader/LoadFailure';
import { pageQuery, readerItemQuery } from '../features/reader/queries';
import NotFound from './NotFound';

const ID = /^\d{1,12}$/;

/**
 * `/page/edit/{item_id}/{page_id}` (page_id 0 for a new page, `?copy_page_id=` to start from a copy).
 * When the editor saves a new page it moves the address to the page's id itself; that change keeps
 * the open editor (and its undo history) instead of loading the page again.
 */
export default function PageEdit() {
  const { itemId, pageId } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const copy = search.get('copy_page_id');
  // `?cat_id=`: a new page started from a catalog's menu in the tree lands in that catalog.
  const cat = search.get('cat_id');
  const startCatId = cat && ID.test(cat) ? Number(cat) : 0;
  const target = ID.test(itemId ?? '') && ID.test(pageId ?? '') ? { itemId: Number(itemId), pageId: Number(pageId), copyPageId: copy && ID.test(copy) ? Number(copy) : 0 } : null;
  const [opened, setOpened] = useState(target);
  const carriedOver = (location.state as { fromNewPage?: number } | null)?.fromNewPage === target?.pageId;
  if (target && !carriedOver && (opened?.itemId !== target.itemId || opened.pageId !== target.pageId || opened.copyPageId !== target.copyPageId)) {
    setOpened(target);
  }
  if (!target || !opened || target.itemId <= 0) return <NotFound />;
  return <EditorLoader key={`${opened.itemId}/${opened.pageId}/${opened.copyPageId}`} {...opened} startCatId={opened.pageId === 0 ? startCatId : 0} />;
}

function EditorLoader({ itemId, pageId, copyPageId, startCatId }: { itemId: number; pageId: number; copyPageId: number; startCatId: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const item = useQuery(readerItemQuery(String(itemId)));
  const sourceId = pageId > 0 ? pageId : copyPageId;
  const page = useQuery({ ...pageQuery(sourceId), enabled: sourceId > 0, staleTime: 0 });
  const defaultCat = useQuery({
    queryKey: pageEditKeys.defaultCatalog(itemId, pageId, copyPageId),
    queryFn: ({ signal }) => fetchDefaultCatalog({ itemId, pageId, copyPageId }, signal),
    enabled: item.data?.item_edit === true,
    staleTime: 0,
    retry: false,
  });
  const catalogs = useQuery({ ...catalogTreeQuery(itemId), enabled: item.data?.item_edit === true });
  const choices = useMemo(() => catalogChoices(catalogs.data), [catalogs.data]);
  useDocumentTitle(page.data ? t('editor.documentTitle', { title: page.data.page_title }) : t('editor.newDocumentTitle'));

  const here = location.pathname + location.search;
  const failure = item.error ?? (sourceId > 0 ? page.error : null);
  if (failure) {
    const outcome = accessOutcome(failure, { itemRef: String(itemId), pageId: sourceId || null, here });
    if (outcome.kind === 'redirect') return <Navigate to={outcome.to} replace />;
    if (outcome.kind === 'missing') return <NotFound />;
    return (
      <PageLayout>
        <RetryableFailure message={outcome.message} onRetry={() => void (item.error ? item.refetch() : page.refetch())} />
      </PageLayout>
    );
  }
  const info = item.data;
  if (!info || (sourceId > 0 && page.isPending)) return <PageLoading />;
  const itemType = info.item_type;
  if (!info.item_edit || itemType === 3 || itemType === 4) {
    return (
      <PageLayout>
        <Result
          status="403"
          title={t('editor.cannotEdit')}
          subTitle={!info.item_edit ? t('editor.noEditPermission') : t('editor.notMarkdownProject')}
          extra={
            <Link to={`/${itemId}`}>
              <Button type="primary">{t('editor.backToProject')}</Button>
            </Link>
          }
        />
      </PageLayout>
    );
  }
  if (page.data && pageId > 0 && page.data.item_id !== itemId) return <NotFound />;
  if (defaultCat.isPending && !defaultCat.isError) return <PageLoading />;

  const source = page.data;
  const start: EditorStart = {
    itemId,
    pageId,
    itemType,
    canManage: info.item_manage,
    title: source ? (pageId > 0 ? source.page_title : t('editor.copyTitle', { title: source.page_title })) : '',
    content: source?.page_content ?? '',
    catId: startCatId > 0 ? startCatId : (defaultCat.data?.default_cat_id ?? source?.cat_id ?? 0),
    version: pageId > 0 ? source?.version : undefined,
    attachmentCount: pageId > 0 ? (source?.attachment_count ?? 0) : 0,
  };
  return <PageEditor start={start} catalogs={choices} catalogsLoading={catalogs.isPending} />;
}
