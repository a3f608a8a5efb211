import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function SheetLoading() {
  const { t } = useTranslation();
  return (
    <div className="sheet-loading" role="status" aria-label={t('sheet.loading')}>
      <Spin />
      <span>{t('sheet.loading')}</span>
    </div>
  );
}
