import { LockOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { codesThatRedirect, ErrorCode } from '../../common/errors';
import { ApiCallError, withRedirect } from '../api/client';
import { PageLayout } from '../components/PageLayout';
import { PageLoading } from '../components/PageLoading';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { isItemRef } from '../features/item/item-rules';
import { ItemTypeIcon } from '../features/item/ItemTypeIcon';
import { itemInfoQuery } from '../features/item/queries';
import NotFound from './NotFound';

/** Answers that mean "there is no such project here". */
const notFoundCodes: number[] = [ErrorCode.failure, ErrorCode.notFound, ErrorCode.validation];

/**
 * `/{item_id}`, `/{item_domain}` and `/{item_id}/{page_id}` (seed 001 router): resolves the project with
 * `item/info`. A project behind a password leads to its password screen, a site that wants a login to the
 * login screen, and an unknown one to the not-found screen. For now it shows the project's name and
 * description; the project reader replaces this body.
 */
export default function ItemShow() {
  const { itemRef, pageId } = useParams();
  if (!isItemRef(itemRef) || (pageId !== undefined && !/^\d{1,12}$/.test(pageId))) return <NotFound />;
  return <ItemShowScreen itemRef={itemRef} />;
}

function ItemShowScreen({ itemRef }: { itemRef: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const info = useQuery(itemInfoQuery(itemRef));
  useDocumentTitle(info.data?.item_name);
  const here = location.pathname + location.search;

  // A failure remembered from an earlier visit is being asked again (after a password, a login): wait.
  if (info.isPending || (info.isError && info.isFetching)) {
    return (
      <PageLayout>
        <PageLoading />
      </PageLayout>
    );
  }
  if (info.isError) {
    const error = info.error;
    const code = error instanceof ApiCallError && error.kind === 'server' ? error.code : null;
    if (code !== null && codesThatRedirect.toItemPassword.includes(code)) {
      return <Navigate to={withRedirect(`/item/password/${encodeURIComponent(itemRef)}`, here)} replace />;
    }
    if (code !== null && codesThatRedirect.toLogin.includes(code)) return <Navigate to={withRedirect('/user/login', here)} replace />;
    if (code !== null && notFoundCodes.includes(code)) return <NotFound />;
    return (
      <PageLayout>
        <Result
          status="warning"
          title={t('common.loadFailed')}
          subTitle={error.message}
          extra={
            <Button type="primary" onClick={() => void info.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </PageLayout>
    );
  }

  const item = info.data;
  return (
    <PageLayout mainClassName="item-show">
      <article className="item-show-card" aria-labelledby="item-show-title">
        <span className="item-show-icon">
          <ItemTypeIcon itemType={item.item_type} />
        </span>
        <div className="item-show-text">
          <h1 id="item-show-title" className="item-show-title">
            {item.item_name}
          </h1>
          {item.item_description && <p className="item-show-description">{item.item_description}</p>}
          <div className="item-show-tags">
            {item.is_private === 1 && (
              <Tag icon={<LockOutlined aria-hidden />} className="item-show-tag">
                {t('items.private')}
              </Tag>
            )}
            {item.is_archived === 1 && <Tag className="item-show-tag">{t('items.archived')}</Tag>}
          </div>
        </div>
      </article>
    </PageLayout>
  );
}
