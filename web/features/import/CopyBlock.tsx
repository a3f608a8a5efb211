import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { App as AntApp, Button } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A command to paste into a terminal, with its own Copy button. Where the clipboard API is missing
 * (plain http on a LAN address), the text is selected so Ctrl+C copies it.
 */
export function CopyBlock({ caption, text }: { caption: string; text: string }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const code = useRef<HTMLPreElement>(null);
  const captionId = useId();
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setCopied(true);
      void message.success(t('import.openApi.copied'));
    } catch {
      const selection = window.getSelection();
      if (code.current && selection) selection.selectAllChildren(code.current);
      void message.info(t('import.openApi.copyByHand'));
    }
  };

  return (
    <figure className="copy-block" aria-labelledby={captionId}>
      <figcaption id={captionId}>{caption}</figcaption>
      <pre ref={code} tabIndex={0} aria-labelledby={captionId}>
        <code>{text}</code>
      </pre>
      <Button
        className="copy-block-button"
        size="small"
        icon={copied ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />}
        aria-label={t('import.openApi.copyLabel', { what: caption })}
        onClick={() => void copy()}
      >
        {t('import.openApi.copy')}
      </Button>
    </figure>
  );
}
