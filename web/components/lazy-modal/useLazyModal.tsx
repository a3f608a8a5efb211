import type { ModalFuncProps } from 'antd';
import type { ConfigUpdate } from 'antd/es/modal/confirm';
import type { HookAPI } from 'antd/es/modal/useModal';
import { lazy, useMemo, type ReactElement } from 'react';
import { useLazyHookApi } from '../lazy-feedback/useLazyHookApi';

const ModalHost = lazy(() => import('./ModalHost'));

type Kind = keyof HookAPI;
type Instance = ReturnType<HookAPI['confirm']>;

/**
 * antd's `Modal.useModal()` with the dialog code downloaded at the first call (issue 21). antd's App
 * calls `useModal` to offer `App.useApp().modal`; the build points that call here (formProviderOnly's
 * neighbour in web/vite.config.ts), so the modal, its confirm dialog and their styles (about 8 KB brotli)
 * leave the first load of every screen, the reader's included. A call made before the code is in opens
 * its dialog as soon as it is; `destroy`, `update` and `then` given before then are passed on to that dialog.
 */
export default function useLazyModal(): readonly [HookAPI, ReactElement] {
  // Only at the first dialog: a reader who never opens one never downloads it.
  const { current, later, holder } = useLazyHookApi(ModalHost, undefined, { onIdle: false });

  const api = useMemo<HookAPI>(() => {
    const open =
      (kind: Kind) =>
      (config: ModalFuncProps): Instance => {
        const ready = current();
        if (ready) return ready[kind](config);
        let instance: Instance | null = null;
        let destroyed = false;
        const updates: ConfigUpdate[] = [];
        // Wrapped: the instance is itself a thenable, and a promise resolving to it would wait for the dialog to close.
        const opened = new Promise<{ instance: Instance }>((resolve) => {
          later((arrived) => {
            instance = arrived[kind](config);
            for (const update of updates) instance.update(update);
            if (destroyed) instance.destroy();
            resolve({ instance });
          });
        });
        return {
          destroy: () => {
            if (instance) instance.destroy();
            else destroyed = true;
          },
          update: (update) => {
            if (instance) instance.update(update);
            else updates.push(update);
          },
          // As antd's: resolves with whether the dialog was confirmed, once it closes.
          then: (resolve) => opened.then(({ instance: shown }) => new Promise<boolean>((done) => void shown.then(done, () => done(false)))).then(resolve),
        };
      };
    return { info: open('info'), success: open('success'), error: open('error'), warning: open('warning'), confirm: open('confirm') };
  }, [current, later]);

  return [api, holder] as const;
}
