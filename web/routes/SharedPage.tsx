import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { sharedPageQuery } from '../features/reader/queries';
import { pageState, SinglePageLayout } from '../features/reader/SinglePage';
import NotFound from './NotFound';

/** Share keys are 32 hex characters (page/createSinglePage); anything else is not asked about. */
const SHARE_KEY = /^[A-Za-z0-9]{8,64}$/;

/**
 * `/p/{unique_key}` and the legacy `#/p/{unique_key}` (seed 001 router): a page shared by link, readable
 * by anyone who has the link (`page/infoByKey`), without the project around it.
 */
export default function SharedPage() {
  const { uniqueKey } = useParams();
  if (uniqueKey === undefined || !SHARE_KEY.test(uniqueKey)) return <NotFound />;
  return <SharedPageScreen uniqueKey={uniqueKey} />;
}

function SharedPageScreen({ uniqueKey }: { uniqueKey: string }) {
  const { t } = useTranslation();
  const page = useQuery(sharedPageQuery(uniqueKey));
  return <SinglePageLayout title={t('app.name')} state={pageState(page)} access={{ itemRef: '0', pageId: null }} />;
}
