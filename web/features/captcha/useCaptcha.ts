import { useCallback, useEffect, useRef, useState } from 'react';
import { captchaImageUrl, createCaptcha } from '../../api/common';

export interface Captcha {
  /** The id to send with the form, or '' while none is loaded. */
  id: string;
  /** The picture to show, or null while loading. */
  imageUrl: string | null;
  failed: boolean;
  /** Asks for a new captcha: on a click, and after every failed submit (a captcha is single-use). */
  refresh: () => void;
}

export function useCaptcha(): Captcha {
  const [current, setCurrent] = useState<{ id: string; nonce: number } | null>(null);
  const [failed, setFailed] = useState(false);
  // Only the newest request may win when clicks come quickly.
  const latest = useRef(0);

  const refresh = useCallback(() => {
    const request = ++latest.current;
    setFailed(false);
    createCaptcha().then(
      ({ captcha_id }) => {
        if (request === latest.current) setCurrent({ id: String(captcha_id), nonce: Date.now() });
      },
      () => {
        if (request === latest.current) setFailed(true);
      },
    );
  }, []);

  useEffect(() => {
    refresh();
  }, [refresh]);

  return {
    id: current?.id ?? '',
    imageUrl: current ? captchaImageUrl(current.id, current.nonce) : null,
    failed,
    refresh,
  };
}
