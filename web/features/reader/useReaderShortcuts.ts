import { useEffect, useRef } from 'react';

/** Typing into a field, an editor or a dialog is not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The reader's keys: `/` or Ctrl+K (⌘K) goes to the catalog search; Esc leaves full screen.
 */
export function useReaderShortcuts({ onSearch, onEscape }: { onSearch: () => void; onEscape?: (() => void) | undefined }): void {
  const handlers = useRef({ onSearch, onEscape });
  useEffect(() => {
    handlers.current = { onSearch, onEscape };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const searchKey = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
      if (searchKey || (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target))) {
        event.preventDefault();
        handlers.current.onSearch();
        return;
      }
      if (event.key === 'Escape' && handlers.current.onEscape && !isTyping(event.target)) {
        handlers.current.onEscape();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
