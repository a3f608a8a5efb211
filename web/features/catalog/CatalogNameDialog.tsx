import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { CatalogNameInput, catalogNameRules } from './CatalogNameInput';

interface CatalogNameDialogProps {
  open: boolean;
  title: string;
  okText: string;
  initialName: string;
  saving: boolean;
  /** The name as typed, trimmed. */
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** One field, the catalog's name: for a new sub-catalog and for a rename in the catalog manager. */
export function CatalogNameDialog({ open, title, okText, initialName, saving, onSubmit, onClose }: CatalogNameDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ cat_name: string }>();
  return (
    <FormDialog<{ cat_name: string }>
      open={open}
      title={title}
      name="catalog-name"
      form={form}
      onSubmit={(fields) => onSubmit(fields.cat_name.trim())}
      onClose={onClose}
      okText={okText}
      loading={saving}
      initialValues={{ cat_name: initialName }}
    >
      <Form.Item label={t('catalogManager.name')} name="cat_name" rules={catalogNameRules(t)}>
        <CatalogNameInput autoFocus />
      </Form.Item>
    </FormDialog>
  );
}
