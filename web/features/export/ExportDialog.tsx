import { Form, Spin } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { RetryAlert } from '../../components/RetryAlert';
import type { ReaderToolDialogProps } from '../reader/tools';
import { choiceOf, INITIAL_EXPORT_VALUES, type ExportFormValues } from './export-choices';
import { ExportFields } from './ExportFields';
import { startExport } from './start-export';
import { useExportSource } from './useExportSource';

/** Seed 001 §2: the export dialog, 400 px wide. The download starts once the server said yes. */
export const EXPORT_DIALOG_WIDTH = 400;

export default function ExportDialog({ open, context, onClose }: ReaderToolDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ExportFormValues>();
  const source = useExportSource(context.itemRef, context.item);
  const itemId = source.item?.item_id ?? context.item.item_id;

  // On a failure the client has shown the refusal; the dialog stays for another choice.
  const starting = useMutation({ mutationFn: startExport, onSuccess: onClose });

  let body;
  if (source.item) body = <ExportFields form={form} item={source.item} />;
  else if (source.error) body = <RetryAlert message={source.error.message} onRetry={source.retry} />;
  else
    body = (
      <div className="reader-dialog-loading" role="status" aria-label={t('app.loading')}>
        <Spin />
      </div>
    );

  return (
    <FormDialog<ExportFormValues>
      open={open}
      title={t('export.title')}
      name="export"
      form={form}
      onSubmit={(values) => starting.mutate(choiceOf(itemId, values))}
      onClose={onClose}
      okText={t('export.submit')}
      loading={starting.isPending}
      okDisabled={!source.item}
      width={EXPORT_DIALOG_WIDTH}
      initialValues={INITIAL_EXPORT_VALUES}
    >
      {body}
    </FormDialog>
  );
}
