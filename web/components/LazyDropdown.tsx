import type { DropdownProps } from 'antd';
import { cloneElement, useEffect, useState, type ComponentType, type MouseEvent, type ReactElement } from 'react';

type DropdownComponent = ComponentType<DropdownProps>;

/** Resolved once for the whole app: after the first menu opens, every other one renders antd's at once. */
let loaded: DropdownComponent | null = null;
let loading: Promise<DropdownComponent> | null = null;

function loadDropdown(): Promise<DropdownComponent> {
  loading ??= import('antd/es/dropdown/dropdown').then((module) => (loaded = module.default as DropdownComponent));
  return loading;
}

/** The dropdown's code, and what its menu needs before it first shows (`prepare`: its icons, say); a failed `prepare` does not hold the menu back. */
function whenReady(prepare: (() => Promise<unknown>) | undefined): Promise<DropdownComponent> {
  return Promise.all([loadDropdown(), prepare?.().catch(() => undefined)]).then(([component]) => component);
}

interface TriggerProps {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onContextMenu?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: MouseEvent<HTMLElement>) => void;
}

/**
 * antd's Dropdown, downloaded when a menu first opens (issue 21): with its Menu it is about 20 KB brotli
 * that a reader of a shared page needs only once they open the header's language, theme or project menu.
 * Until then the trigger renders alone; pointing at it or focusing it starts the download, and the click
 * that asked for the menu opens it once it is in (with what `prepare` loads). Takes antd's props; a
 * controlled `open` works as well.
 */
export function LazyDropdown({ children, prepare, ...props }: DropdownProps & { children: ReactElement<TriggerProps>; prepare?: () => Promise<unknown> }) {
  const [Dropdown, setDropdown] = useState<DropdownComponent | null>(() => loaded);
  const [open, setOpen] = useState(false);
  const controlled = props.open !== undefined;

  // A controlled menu asked open before the code is in: load it, then show it as asked.
  useEffect(() => {
    if (!Dropdown && props.open) void whenReady(prepare).then((component) => setDropdown(() => component));
  }, [Dropdown, props.open, prepare]);

  if (Dropdown) {
    if (controlled) return <Dropdown {...props}>{children}</Dropdown>;
    return (
      <Dropdown
        {...props}
        open={open}
        onOpenChange={(next, info) => {
          setOpen(next);
          props.onOpenChange?.(next, info);
        }}
      >
        {children}
      </Dropdown>
    );
  }

  const preload = () => void loadDropdown();
  const openWhenLoaded = () =>
    void whenReady(prepare).then((component) => {
      setDropdown(() => component);
      setOpen(true);
    });
  const trigger = props.trigger ?? ['hover'];
  const own = children.props;
  return cloneElement(children, {
    onPointerEnter: (event) => {
      preload();
      own.onPointerEnter?.(event);
    },
    onFocus: (event) => {
      preload();
      own.onFocus?.(event);
    },
    onClick: (event) => {
      if (!controlled && (trigger.includes('click') || trigger.includes('hover'))) openWhenLoaded();
      own.onClick?.(event);
    },
    onContextMenu: (event) => {
      if (!controlled && trigger.includes('contextMenu')) {
        event.preventDefault();
        openWhenLoaded();
      }
      own.onContextMenu?.(event);
    },
  });
}
