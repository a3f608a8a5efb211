import { CaretDownOutlined, CaretRightOutlined, FileTextOutlined, FolderOpenOutlined, FolderOutlined } from '@ant-design/icons';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { TreeRow } from './menu-tree';

/** Every row has the same height, so the visible slice is arithmetic and 10,000 pages cost no more than 40. */
export const ROW_HEIGHT = 32;
const OVERSCAN = 8;
/** jsdom and a not-yet-laid-out drawer report 0; draw a screenful meanwhile. */
const FALLBACK_VIEWPORT = 640;

interface VirtualTreeProps {
  rows: TreeRow[];
  label: string;
  /** The key of the page on screen. */
  selectedKey: string | null;
  hrefFor: (pageId: number) => string;
  onOpenPage: (pageId: number) => void;
  onToggle: (catalogKey: string, open: boolean) => void;
  /** Editors: the row's menu, at the pointer or (Shift+F10, the menu key) under the row. */
  onRowMenu?: ((row: TreeRow, at: { x: number; y: number }) => void) | undefined;
}

/**
 * The catalog tree (WAI-ARIA tree pattern, flat rows with aria-level): Up/Down move, Right opens a
 * catalog or enters it, Left closes it or goes to its parent, Enter or Space opens a page or toggles a
 * catalog, Home/End jump, Shift+F10 or the menu key open the row's menu. Only the rows in view (plus a
 * few) are in the DOM.
 */
export function VirtualTree({ rows, label, selectedKey, hrefFor, onOpenPage, onToggle, onRowMenu }: VirtualTreeProps) {
  const idPrefix = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(FALLBACK_VIEWPORT);
  const [activeKey, setActiveKey] = useState<string | null>(null);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setViewport(element.clientHeight || FALLBACK_VIEWPORT);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const indexOf = (key: string | null) => (key === null ? -1 : rows.findIndex((row) => row.node.key === key));
  const activeIndex = indexOf(activeKey);
  const focusIndex = activeIndex >= 0 ? activeIndex : Math.max(0, indexOf(selectedKey));

  const reveal = (index: number, center = false) => {
    const element = scroller.current;
    if (!element || index < 0) return;
    const height = element.clientHeight || FALLBACK_VIEWPORT;
    const top = index * ROW_HEIGHT;
    let next = element.scrollTop;
    if (center && (top < next || top + ROW_HEIGHT > next + height)) next = top - height / 2 + ROW_HEIGHT / 2;
    else if (top < next) next = top;
    else if (top + ROW_HEIGHT > next + height) next = top + ROW_HEIGHT - height;
    next = Math.max(0, next);
    if (next !== element.scrollTop) {
      element.scrollTop = next;
      setScrollTop(next);
    }
  };

  // The page on screen comes into view when it changes (opening a project deep in a catalog).
  const selectedIndex = indexOf(selectedKey);
  useEffect(() => {
    if (selectedIndex >= 0) reveal(selectedIndex, true);
    // Only when the selection moves, not on every expand/collapse.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedKey]);

  const moveTo = (index: number) => {
    const row = rows[index];
    if (!row) return;
    setActiveKey(row.node.key);
    reveal(index);
  };

  const activate = (row: TreeRow) => {
    if (row.node.kind === 'page') onOpenPage(row.node.pageId);
    else onToggle(row.node.key, !row.expanded);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = rows[focusIndex];
    if (!row) return;
    if (onRowMenu && (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey))) {
      event.preventDefault();
      const box = document.getElementById(rowId(row.node.key))?.getBoundingClientRect();
      onRowMenu(row, { x: (box?.left ?? 0) + 24, y: box?.bottom ?? 0 });
      return;
    }
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        moveTo(Math.min(rows.length - 1, focusIndex + 1));
        break;
      case 'ArrowUp':
        moveTo(Math.max(0, focusIndex - 1));
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'ArrowRight':
        if (row.node.kind === 'catalog') {
          if (!row.expanded) onToggle(row.node.key, true);
          else if (rows[focusIndex + 1]?.parentKey === row.node.key) moveTo(focusIndex + 1);
        }
        break;
      case 'ArrowLeft':
        if (row.node.kind === 'catalog' && row.expanded) onToggle(row.node.key, false);
        else if (row.parentKey !== null) moveTo(indexOf(row.parentKey));
        break;
      case 'Enter':
      case ' ':
        setActiveKey(row.node.key);
        activate(row);
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + viewport) / ROW_HEIGHT) + OVERSCAN);
  const shown: number[] = [];
  for (let index = first; index < last; index += 1) shown.push(index);
  // The row that keyboard focus is on stays in the DOM, so aria-activedescendant always points somewhere.
  if (rows.length > 0 && (focusIndex < first || focusIndex >= last)) shown.push(focusIndex);

  const rowId = (key: string) => `${idPrefix}-${key}`;
  const focusRow = rows[focusIndex];

  return (
    <div ref={scroller} className="reader-tree-scroller" onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}>
      <div
        role="tree"
        aria-label={label}
        tabIndex={0}
        className="reader-tree"
        aria-activedescendant={focusRow ? rowId(focusRow.node.key) : undefined}
        onKeyDown={onKeyDown}
        style={{ height: rows.length * ROW_HEIGHT }}
      >
        {shown.map((index) => {
          const row = rows[index];
          if (!row) return null;
          const { node } = row;
          const selected = node.key === selectedKey;
          const classes = ['reader-tree-row', selected ? 'is-selected' : '', index === focusIndex ? 'is-active' : ''].filter(Boolean).join(' ');
          const onRowClick = (event: MouseEvent<HTMLDivElement>) => {
            setActiveKey(node.key);
            if (node.kind === 'catalog') onToggle(node.key, !row.expanded);
            else if (!(event.target as Element).closest('a')) onOpenPage(node.pageId);
          };
          return (
            <div
              key={node.key}
              id={rowId(node.key)}
              role="treeitem"
              aria-level={row.depth + 1}
              aria-posinset={row.position}
              aria-setsize={row.siblings}
              aria-selected={selected}
              aria-expanded={node.kind === 'catalog' ? row.expanded : undefined}
              className={classes}
              style={{ top: index * ROW_HEIGHT, height: ROW_HEIGHT, paddingInlineStart: 8 + row.depth * 16 }}
              onClick={onRowClick}
              onContextMenu={
                onRowMenu
                  ? (event) => {
                      event.preventDefault();
                      setActiveKey(node.key);
                      onRowMenu(row, { x: event.clientX, y: event.clientY });
                    }
                  : undefined
              }
            >
              <span className="reader-tree-caret" aria-hidden>
                {node.kind === 'catalog' && (row.expanded ? <CaretDownOutlined /> : <CaretRightOutlined />)}
              </span>
              {node.kind === 'catalog' ? (
                <>
                  <span className="reader-tree-icon is-folder" aria-hidden>
                    {row.expanded ? <FolderOpenOutlined /> : <FolderOutlined />}
                  </span>
                  <span className="reader-tree-title" title={node.title}>
                    {node.title}
                  </span>
                </>
              ) : (
                <>
                  <span className="reader-tree-icon" aria-hidden>
                    <FileTextOutlined />
                  </span>
                  <a
                    className="reader-tree-title"
                    href={hrefFor(node.pageId)}
                    tabIndex={-1}
                    title={node.title}
                    onClick={(event) => {
                      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                      event.preventDefault();
                      onOpenPage(node.pageId);
                    }}
                  >
                    {node.title}
                  </a>
                </>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
