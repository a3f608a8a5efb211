import { useMutation } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
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
  const save = useMutation({
    mutationFn: (title: string) => saveTemplate(title, content),
    onSuccess: (_id, title) => {
      void message.success(t('templates.saved', { title }));
      onSaved?.();
      onClose();
    },
    onError: (error) => void message.error(error.message),
  });
  const submit = ({ title }: { title: string }) => {
    if (content.trim() === '') {
      void message.warning(t('templates.emptyContent'));
      return;
    }
    save.mutate(title.trim());
  };
  return (
    <FormDialog<{ title: string }>
      open={open}
      title={t('templates.saveTitle')}
      name="saveTemplate"
      form={form}
      okText={t('templates.save')}
      loading={save.isPending}
      onClose={onClose}
      onSubmit={submit}
      initialValues={{ title: defaultTitle ?? '' }}
    >
      <p className="dialog-muted">{t('templates.saveIntro')}</p>
      <Form.Item name="title" label={t('templates.titleLabel')} rules={[{ required: true, whitespace: true, message: t('templates.titleRequired') }]}>
        <Input maxLength={255} autoFocus />
      </Form.Item>
    </FormDialog>
  );
}
