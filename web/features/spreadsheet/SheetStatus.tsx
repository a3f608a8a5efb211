import { CheckCircleOutlined, ExclamationCircleOutlined, LoadingOutlined, EditOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SheetSaveStatus } from './useSheetAutosave';

const ICONS = {
  saved: <CheckCircleOutlined aria-hidden />,
  saving: <LoadingOutlined aria-hidden />,
  unsaved: <EditOutlined aria-hidden />,
  failed: <ExclamationCircleOutlined aria-hidden />,
} as const;

/** The saved / saving / unsaved state, announced politely to screen readers. */
export function SheetStatus({ status }: { status: SheetSaveStatus }) {
  const { t } = useTranslation();
  return (
    <Typography.Text className={`sheet-status is-${status}`} type={status === 'failed' ? 'danger' : 'secondary'} role="status" aria-live="polite" data-status={status}>
      {ICONS[status]} {t(`sheet.status.${status}`)}
    </Typography.Text>
  );
}
