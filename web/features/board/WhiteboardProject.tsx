import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/PageLayout';
import type { ReaderItem } from '../../api/reader';

/** A ShowDoc whiteboard (type 5) brought over by the migration: a notice and a download of its data. */
export function WhiteboardProject({ item }: { itemRef: string; item: ReaderItem }) {
  const { t } = useTranslation();
  return (
    <PageLayout>
      <Result status="info" title={item.item_name} subTitle={t('board.readOnly')} />
    </PageLayout>
  );
}
