import { cloneElement, useEffect, useState, type CSSProperties, type ReactElement } from 'react';
import type { menuIcons } from './menu-icons';

export type MenuIconName = keyof typeof menuIcons;

let icons: typeof menuIcons | null = null;
let loading: Promise<unknown> | null = null;

/**
 * The editors' and managers' menu icons, downloaded apart from a reader's first load (issue 21): a guest
 * never opens those menus. The menus start this when the browser is idle and wait for it before they first
 * open (LazyDropdown's `prepare`), so an icon is there when its menu shows; a failed download is tried again.
 */
export function preloadMenuIcons(): Promise<unknown> {
  loading ??= import('./menu-icons').then(
    (module) => (icons = module.menuIcons),
    () => (loading = null),
  );
  return loading;
}

interface MenuIconProps {
  name: MenuIconName;
  /** What antd's Menu gives an entry's icon (its spacing), passed on to the icon. */
  className?: string | undefined;
  style?: CSSProperties | undefined;
}

/** A menu entry's icon; should it be asked for before the icons are in, an empty box of the icon's size holds its place. */
export function MenuIcon({ name, className, style }: MenuIconProps): ReactElement {
  const [, setLoaded] = useState(icons !== null);
  useEffect(() => {
    if (!icons) void preloadMenuIcons().then(() => setLoaded(true));
  }, []);
  if (icons) return cloneElement(icons[name], { className, style });
  return <span role="img" aria-hidden className={className ? `anticon ${className}` : 'anticon'} style={{ width: '1em', height: '1em', ...style }} />;
}
