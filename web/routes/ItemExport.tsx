import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorCode } from '../../common/errors';
import { ApiCallError } from '../api/client';
import { checkExport, exportKeys } from '../api/export';
import type { ReaderItem } from '../api/reader';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { choiceOf, INITIAL_EXPORT_VALUES, type ExportFormValues } from '../features/export/export-choices';
import { ExportFields } from '../features/export/ExportFields';
import { startExport } from '../features/export/start-export';
import '../features/export/export.css';
import { isItemRef } from '../features/item/item-rules';
import { ProjectScreen } from '../features/item/ProjectScreen';
import { readerItemQuery } from '../features/reader/queries';
import { RequireLogin } from '../features/user/RequireLogin';
import NotFound from './NotFound';

/**
 * `/item/export/{item_id}` (seed 001 router): the export dialog's form on a screen of its own. Whether
 * the caller may export is the server's answer (editors, also of archived projects), asked once on
 * arrival; readers are told so instead of being sent to the password screen.
 */
export default function ItemExport() {
  const { itemId } = useParams();
  if (!isItemRef(itemId)) return <NotFound />;
  return (
    <RequireLogin>
      <ItemExportScreen itemRef={itemId} />
    </RequireLogin>
  );
}

const refused: number[] = [ErrorCode.noItemPermission, ErrorCode.noManagePermission, ErrorCode.noPermission];

function ItemExportScreen({ itemRef }: { itemRef: string }) {
  const { t } = useTranslation();
  const info = useQuery(readerItemQuery(itemRef));
  const itemId = info.data?.item_id ?? 0;
  const allowed = useQuery({
    queryKey: exportKeys.allowed(itemId),
    queryFn: async ({ signal }) => {
      try {
        await checkExport({ itemId, format: 'markdown', catId: 0, pageId: 0 }, { silent: true, signal });
        return true;
      } catch (error) {
        // Only a refusal of rights says no; anything else (an export already running) is for the button.
        if (error instanceof ApiCallError && error.kind === 'server' && refused.includes(error.code)) return false;
        return true;
      }
    },
    enabled: itemId > 0,
    staleTime: 0,
  });
  useDocumentTitle(info.data ? t('export.pageTitle', { name: info.data.item_name }) : t('export.title'));

  return (
    <ProjectScreen
      itemRef={itemRef}
      info={info}
      allowed={() => (allowed.isPending ? undefined : allowed.data === true)}
      refusal={(item) => ({ title: t('export.editorsOnly'), hint: t('export.editorsOnlyHint', { name: item.item_name }) })}
      title={(item) => t('export.pageTitle', { name: item.item_name })}
      backLabel={t('export.backToProject')}
      name="item-export"
    >
      {(item) => (
        <Card className="item-export-card">
          <ExportForm item={item} />
        </Card>
      )}
    </ProjectScreen>
  );
}

function ExportForm({ item }: { item: ReaderItem }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ExportFormValues>();
  // On a failure the client has shown the refusal.
  const starting = useMutation({ mutationFn: startExport });
  return (
    <Form<ExportFormValues> form={form} name="export-screen" layout="vertical" requiredMark={false} initialValues={INITIAL_EXPORT_VALUES} onFinish={(values) => starting.mutate(choiceOf(item.item_id, values))}>
      <ExportFields form={form} item={item} />
      <Form.Item className="item-export-submit">
        <Button type="primary" htmlType="submit" loading={starting.isPending}>
          {t('export.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
