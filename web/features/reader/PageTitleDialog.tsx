import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';

/** Renaming a page from the catalog tree's context menu (loaded when opened: editors only). */
export default function PageTitleDialog(props: { title: string; initialTitle: string; saving: boolean; onSubmit: (title: string) => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ page_title: string }>();
  return (
    <FormDialog<{ page_title: string }>
      open
      title={props.title}
      name="page-title"
      form={form}
      onSubmit={(fields) => void props.onSubmit(fields.page_title.trim())}
      onClose={props.onClose}
      okText={t('catalogManager.save')}
      loading={props.saving}
      initialValues={{ page_title: props.initialTitle }}
    >
      <Form.Item label={t('reader.treeMenu.pageTitle')} name="page_title" rules={[{ required: true, whitespace: true, message: t('reader.treeMenu.pageTitleRequired') }]}>
        <Input maxLength={255} autoComplete="off" autoFocus />
      </Form.Item>
    </FormDialog>
  );
}
