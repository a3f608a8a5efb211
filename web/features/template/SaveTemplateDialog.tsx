import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveTemplate } from '../../api/template';
import { FormDialog } from '../../components/FormDialog';

export interface SaveTemplateDialogProps {
  open: boolean;
  content: string;
  defaultTitle?: string;
  onClose(): void;
  onSaved?(): void;
}

/** "Save as template" from the editor's save menu: the page text under a title of its own. */
export default function SaveTemplateDialog({ open, content, defaultTitle, onClose, onSaved }: SaveTemplateDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ title: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async ({ title }: { title: string }) => {
    if (content.trim() === '') {
      void message.warning(t('templates.emptyContent'));
      return;
    }
    setSaving(true);
    try {
      await saveTemplate(title.trim(), content);
      void message.success(t('templates.saved', { title: title.trim() }));
      onSaved?.();
      onClose();
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormDialog<{ title: string }>
      open={open}
      title={t('templates.saveTitle')}
      name="saveTemplate"
      form={form}
      okText={t('templates.save')}
      loading={saving}
      onClose={onClose}
      onSubmit={(values) => void submit(values)}
      initialValues={{ title: defaultTitle ?? '' }}
    >
      <p className="dialog-muted">{t('templates.saveIntro')}</p>
      <Form.Item name="title" label={t('templates.titleLabel')} rules={[{ required: true, whitespace: true, message: t('templates.titleRequired') }]}>
        <Input maxLength={255} autoFocus />
      </Form.Item>
    </FormDialog>
  );
}
