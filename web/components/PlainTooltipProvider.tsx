import type { ReactNode } from 'react';

/**
 * Stands in for antd's tooltip UniqueProvider inside ConfigProvider, in the build (web/vite-antd-trims.ts).
 * ConfigProvider renders that provider only when its `tooltip.unique` is set, which Folio never does, yet
 * importing it put @rc-component/trigger (about 7 KB brotli) on every screen's first load (issue 21). Were
 * `tooltip.unique` ever set, tooltips would simply behave as they do without it, one per target.
 */
export default function PlainTooltipProvider({ children }: { children?: ReactNode }) {
  return children;
}
