import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/PageLayout';
import type { ReaderItem } from '../../api/reader';

/** Seed 001 §2 "Spreadsheet screen": a spreadsheet project (type 4) is its one sheet page. */
export function SpreadsheetProject({ item }: { itemRef: string; item: ReaderItem }) {
  const { t } = useTranslation();
  return (
    <PageLayout>
      <Result status="info" title={item.item_name} subTitle={t('sheet.loading')} />
    </PageLayout>
  );
}
