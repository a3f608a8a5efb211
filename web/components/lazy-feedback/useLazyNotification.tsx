import type { ArgsProps, NotificationConfig, NotificationInstance } from 'antd/es/notification/interface';
import { lazy, useMemo, type ReactElement } from 'react';
import { useLazyHookApi } from './useLazyHookApi';

// A failed download (a build replaced under an open tab) loses the notice, not the whole screen.
const NotificationHost = lazy(() => import('./NotificationHost').catch(() => ({ default: () => null })));

type Kind = 'success' | 'error' | 'info' | 'warning' | 'open';

/**
 * antd's `notification.useNotification()` with its code outside the first load (issue 21), as
 * useLazyMessage does for messages: antd's App gets it for `App.useApp().notification` in the build
 * (web/vite-antd-trims.ts); a notice asked for before the code is in shows as soon as it is.
 */
export default function useLazyNotification(config?: NotificationConfig): readonly [NotificationInstance, ReactElement] {
  const { later, holder } = useLazyHookApi(NotificationHost, config);

  const api = useMemo<NotificationInstance>(() => {
    const typed = (kind: Kind) => (args: ArgsProps) => later((ready) => ready[kind](args));
    return {
      success: typed('success'),
      error: typed('error'),
      info: typed('info'),
      warning: typed('warning'),
      open: typed('open'),
      destroy: (key) => later((ready) => ready.destroy(key)),
    };
  }, [later]);

  return [api, holder] as const;
}
