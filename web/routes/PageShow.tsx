import { BookOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LinkButton } from '../components/LinkButton';
import { pageQuery } from '../features/reader/queries';
import { pageState, SinglePageLayout } from '../features/reader/SinglePage';
import NotFound from './NotFound';

/** `/page/{page_id}` (seed 001 router): one page of any project, alone, with a way to its project. */
export default function PageShow() {
  const { pageId } = useParams();
  if (pageId === undefined || !/^\d{1,12}$/.test(pageId)) return <NotFound />;
  return <PageShowScreen pageId={Number(pageId)} />;
}

function PageShowScreen({ pageId }: { pageId: number }) {
  const { t } = useTranslation();
  const page = useQuery(pageQuery(pageId));
  const itemId = page.data ? page.data.item_id : null;
  return (
    <SinglePageLayout
      title={t('app.name')}
      state={pageState(page)}
      // Without the page the project is unknown; the password screen then finds it from the page.
      access={{ itemRef: itemId ? String(itemId) : '0', pageId }}
      attachments
      actions={
        itemId ? (
          <LinkButton type="text" to={`/${itemId}/${pageId}`} icon={<BookOutlined aria-hidden />}>
            <span className="reader-header-label">{t('reader.openInProject')}</span>
          </LinkButton>
        ) : undefined
      }
    />
  );
}
