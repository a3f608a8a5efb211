import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';

interface NotifyValues {
  notify_content: string;
}

/** "Save and notify" (seed 001 §2): what the page's subscribers are told about this change. */
export function NotifyDialog({ open, saving, onClose, onSubmit }: { open: boolean; saving: boolean; onClose(): void; onSubmit(text: string): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NotifyValues>();
  return (
    <FormDialog<NotifyValues>
      open={open}
      title={t('editor.notifyTitle')}
      name="notify"
      form={form}
      okText={t('editor.notifySubmit')}
      loading={saving}
      onClose={onClose}
      onSubmit={(values) => onSubmit(values.notify_content.trim())}
    >
      <p className="dialog-muted">{t('editor.notifyIntro')}</p>
      <Form.Item
        name="notify_content"
        label={t('editor.notifyLabel')}
        rules={[{ required: true, whitespace: true, message: t('editor.notifyRequired') }]}
      >
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} showCount />
      </Form.Item>
    </FormDialog>
  );
}
