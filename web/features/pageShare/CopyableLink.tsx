import { CopyOutlined } from '@ant-design/icons';
import { App as AntApp, Button } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from './clipboard';

/** A link with a copy button; where the clipboard is unavailable the link is selected for Ctrl+C. */
export function CopyableLink({ link, copyLabel }: { link: string; copyLabel: string }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const anchor = useRef<HTMLAnchorElement>(null);

  const copy = async () => {
    if (await copyToClipboard(link)) {
      void message.success(t('pageShare.copied'));
      return;
    }
    if (anchor.current) window.getSelection()?.selectAllChildren(anchor.current);
    void message.warning(t('pageShare.copyUnavailable'));
  };

  return (
    <div className="copyable-link">
      <a ref={anchor} href={link} target="_blank" rel="noopener noreferrer">
        {link}
      </a>
      <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()} aria-label={copyLabel} title={copyLabel}>
        {t('pageShare.copy')}
      </Button>
    </div>
  );
}
