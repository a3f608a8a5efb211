import { lazy, useState, type ComponentType } from 'react';

/**
 * `React.lazy` that can be fetched ahead (`preload()`, e.g. while the server answers) and renders without
 * suspending once the code is there. A plain lazy component suspends on its first render even when its
 * module has long arrived, and that retry render runs at low priority: with animations going on it can
 * wait a long time for its turn.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download may work next time (a flaky connection).
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));

  function Preloadable(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return { Component: Preloadable, preload };
}
