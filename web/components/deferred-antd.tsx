import type { BadgeProps, DrawerProps, TooltipProps } from 'antd';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * An antd component the reader needs only after its first paint, downloaded right after it (issue 21):
 * until it is in, `fallback` renders (the bare children, or nothing). A component's own file, not antd's
 * index: a dynamic import of the index would bring all of antd. The web tests read `antd/es/…` as
 * `antd/lib/…` (vitest.config.ts), the antd build the rest of the app gets there.
 */
function deferred<P extends object>(load: () => Promise<ComponentType<P>>, fallback: (props: P) => ReactNode) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => (loading ??= load().then((component) => (loaded = component)));
  return function Deferred(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (!Component) void start().then((component) => setComponent(() => component));
    }, [Component]);
    return Component ? <Component {...props} /> : fallback(props);
  };
}

/** A count on an icon (unread notices, attachments): the icon shows at once, the count a moment later. */
export const Badge = deferred<BadgeProps>(
  () => import('antd/es/badge').then((module) => module.default),
  ({ children }) => children,
);

/** A hint on hover: nobody hovers before the first paint. */
export const Tooltip = deferred<TooltipProps>(
  () => import('antd/es/tooltip').then((module) => module.default),
  ({ children }) => children,
);

/**
 * A drawer (the phone's catalog, rendered only on phones): downloaded right after the first paint, so it is
 * mounted closed before anyone opens it, as antd's close (and its hidden tree) expects.
 */
export const Drawer = deferred<DrawerProps>(
  () => import('antd/es/drawer').then((module) => module.default),
  () => null,
);
