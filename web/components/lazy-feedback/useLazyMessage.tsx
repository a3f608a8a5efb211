import type { ArgsProps, ConfigOptions, JointContent, MessageInstance, MessageType } from 'antd/es/message/interface';
import { lazy, useMemo, type ReactElement } from 'react';
import { useLazyHookApi } from './useLazyHookApi';

// A failed download (a build replaced under an open tab) loses the alert, not the whole screen.
const MessageHost = lazy(() => import('./MessageHost').catch(() => ({ default: () => null })));

type Kind = 'info' | 'success' | 'error' | 'warning' | 'loading';

/**
 * antd's `message.useMessage()` with its code (the message, @rc-component/notification and their styles)
 * outside the first load (issue 21). antd's App calls `useMessage` to offer `App.useApp().message`; the
 * build points that call here (web/vite-antd-trims.ts). A message asked for before the code is in shows
 * as soon as it is; closing it before then, or waiting for it to close, work as with antd's.
 */
export default function useLazyMessage(config?: ConfigOptions): readonly [MessageInstance, ReactElement] {
  const { current, later, holder } = useLazyHookApi(MessageHost, config);

  const api = useMemo<MessageInstance>(() => {
    const open = (show: (ready: MessageInstance) => MessageType): MessageType => {
      const ready = current();
      if (ready) return show(ready);
      let shown: MessageType | null = null;
      let closedEarly = false;
      const closed = new Promise<boolean>((resolve) => {
        later((arrived) => {
          if (closedEarly) {
            resolve(true);
            return;
          }
          shown = show(arrived);
          void shown.then(resolve);
        });
      });
      const close = () => {
        if (shown) shown();
        else closedEarly = true;
      };
      return Object.assign(close, { then: closed.then.bind(closed) });
    };
    const typed =
      (kind: Kind) =>
      (content: JointContent, duration?: number | VoidFunction, onClose?: VoidFunction): MessageType =>
        open((ready) => ready[kind](content, duration, onClose));
    return {
      info: typed('info'),
      success: typed('success'),
      error: typed('error'),
      warning: typed('warning'),
      loading: typed('loading'),
      open: (args: ArgsProps) => open((ready) => ready.open(args)),
      destroy: (key) => later((ready) => ready.destroy(key)),
    };
  }, [current, later]);

  return [api, holder] as const;
}
