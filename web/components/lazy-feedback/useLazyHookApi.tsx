import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type ReactElement } from 'react';
import { whenIdle } from '../when-idle';

/** What a host of antd's own hook gets: the hook's config, and where to hand its API once it runs. */
export interface HookHostProps<Api, Config> {
  config: Config | undefined;
  onReady: (api: Api) => void;
}

export interface LazyHookApi<Api> {
  /** The hook's API once its code is in, else null. */
  current: () => Api | null;
  /** Runs `call` with the API: now when it is in, else once it arrives (in the order asked). */
  later: (call: (api: Api) => void) => void;
  holder: ReactElement;
}

/**
 * One of antd's hook APIs (`modal`, `message`, `notification`) whose code is downloaded apart from the first
 * load (issue 21). `Host` is a lazy component that calls antd's hook and hands its API over. It mounts at the
 * first call, or (`onIdle`) when the browser is first idle, whichever comes first: an alert that explains a
 * lost connection must not itself need a download.
 */
export function useLazyHookApi<Api, Config>(
  Host: ComponentType<HookHostProps<Api, Config>>,
  config: Config | undefined,
  { onIdle = true }: { onIdle?: boolean } = {},
): LazyHookApi<Api> {
  const [wanted, setWanted] = useState(false);
  const real = useRef<Api | null>(null);
  const waiting = useRef<((api: Api) => void)[]>([]);

  const onReady = useCallback((api: Api) => {
    real.current = api;
    const calls = waiting.current;
    waiting.current = [];
    for (const call of calls) call(api);
  }, []);

  useEffect(() => (onIdle ? whenIdle(() => setWanted(true)) : undefined), [onIdle]);

  const api = useMemo(
    () => ({
      current: () => real.current,
      later: (call: (ready: Api) => void) => {
        if (real.current) {
          call(real.current);
          return;
        }
        waiting.current.push(call);
        setWanted(true);
      },
    }),
    [],
  );

  const holder = wanted ? (
    <Suspense fallback={null}>
      <Host config={config} onReady={onReady} />
    </Suspense>
  ) : (
    <></>
  );
  return { ...api, holder };
}
