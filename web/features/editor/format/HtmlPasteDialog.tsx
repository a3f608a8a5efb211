import { Button, Modal, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlToMarkdown, htmlToPlainText } from './html-paste';

export interface HtmlPasteDialogProps {
  open: boolean;
  html: string;
  /** The clipboard's plain-text form, kept when the person does not want markdown. */
  plain?: string;
  onClose(): void;
  onChoose(text: string): void;
}

/** Seed 001 §5: long pasted HTML asks whether to become markdown or stay plain text. */
export default function HtmlPasteDialog({ open, html, plain, onClose, onChoose }: HtmlPasteDialogProps) {
  const { t } = useTranslation();
  const markdown = useMemo(() => htmlToMarkdown(html), [html]);
  const text = useMemo(() => plain ?? htmlToPlainText(html), [plain, html]);
  return (
    <Modal
      open={open}
      title={t('editorFormat.htmlTitle')}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={
        <Space wrap>
          <Button onClick={() => onChoose(text)}>{t('editorFormat.keepText')}</Button>
          <Button type="primary" autoFocus onClick={() => onChoose(markdown)}>
            {t('editorFormat.toMarkdown')}
          </Button>
        </Space>
      }
    >
      <p>{t('editorFormat.htmlIntro')}</p>
      <pre className="format-dialog-sample" aria-label={t('editorFormat.markdownSample')}>
        {markdown.slice(0, 600)}
        {markdown.length > 600 ? '…' : ''}
      </pre>
    </Modal>
  );
}
