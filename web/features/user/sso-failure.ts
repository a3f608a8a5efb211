import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Why a sign-in from elsewhere (OAuth2, a secret-key link) sent the person back to the login screen:
 * the server puts a message key in `sso_error` (server/modules/extLogin/login-screen.ts). Only known keys
 * turn into their text, so a crafted link cannot put its own words on the login screen. The messages
 * load only when there is one to show.
 */
export function useSsoFailure(reason: string | null): string | null {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  const zh = i18n.language.startsWith('zh');
  useEffect(() => {
    if (!reason) return;
    let live = true;
    void import('../../../common/server-messages').then(({ serverMessages }) => {
      if (!live) return;
      const known = Object.prototype.hasOwnProperty.call(serverMessages, reason) ? serverMessages[reason as keyof typeof serverMessages] : null;
      setText(known ? (zh ? known.zh : known.en) : t('auth.ssoFailed'));
    });
    return () => {
      live = false;
    };
  }, [reason, zh, t]);
  return reason ? (text ?? t('auth.ssoFailed')) : null;
}
