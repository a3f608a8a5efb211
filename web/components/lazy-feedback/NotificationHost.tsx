import type { NotificationConfig, NotificationInstance } from 'antd/es/notification/interface';
import useNotification from 'antd/es/notification/useNotification';
import { useEffect, type ReactElement } from 'react';
import type { HookHostProps } from './useLazyHookApi';

/** antd's notification hook and its holder, downloaded apart from the first load (useLazyNotification.tsx). */
export default function NotificationHost({ config, onReady }: HookHostProps<NotificationInstance, NotificationConfig>): ReactElement | null {
  const [api, holder] = useNotification(config);
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
