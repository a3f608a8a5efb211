import { useCallback, useEffect, useRef, useState } from 'react';
import { captchaImageUrl, createCaptcha } from '../../api/common';
import { useHomePageSetting } from '../site/queries';

export interface Captcha {
  /** False when the server runs with FOLIO_CAPTCHA=off: no field is shown and the form sends none. */
  enabled: boolean;
  /** The id to send with the form, or '' while none is loaded. */
  id: string;
  /** The picture to show, or null while loading. */
  imageUrl: string | null;
  failed: boolean;
  /** Asks for a new captcha: on a click, and after every failed submit (a captcha is single-use). */
  refresh: () => void;
}

export function useCaptcha(): Captcha {
  const site = useHomePageSetting();
  // Shown until the site says otherwise, so a site with captchas never shows a form without one; but
  // fetched only once the site has answered, so a site without them is never asked for one.
  const enabled = site.data?.captcha_open !== 0;
  const settled = site.data !== undefined || site.isError;
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
    if (settled && enabled) refresh();
  }, [settled, enabled, refresh]);

  return {
    enabled,
    id: enabled ? (current?.id ?? '') : '',
    imageUrl: current ? captchaImageUrl(current.id, current.nonce) : null,
    failed,
    // After a failed submit the forms ask for a new captcha; with none in use there is nothing to fetch.
    refresh: enabled ? refresh : noop,
  };
}

function noop() {}
