import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiCallError } from '../../api/client';
import { fetchPageLock, lockPage, unlockPage, unlockPageOnUnload } from '../../api/page-edit';

/** Seed 001 §9: the editor renews its lock every 20 minutes (the server grants half an hour). */
export const LOCK_RENEW_MS = 20 * 60 * 1000;

export type LockState = { kind: 'none' } | { kind: 'checking' } | { kind: 'held' } | { kind: 'released' };

export interface PageLockOptions {
  itemId: number;
  /** 0 for a page not saved yet: there is nothing to lock. */
  pageId: number;
  /** Someone else holds the page (their name), or the project cannot take new pages: the editor is left. */
  onBlocked(reason: { holder: string } | { quotaExceeded: true } | { message: string }): void;
  /** How often the lock is renewed; a spreadsheet renews every 180 s (seed 001 "Spreadsheet lock"). */
  renewEveryMs?: number;
  /**
   * How long each take or renewal holds the page; absent: the server's default (half an hour). A short
   * lease lets others take over soon after this tab stops renewing without giving the lock back (a crash).
   */
  leaseSeconds?: number;
}

/**
 * Seed 001 §4 "Page lock": opening a saved page checks who holds it, takes the lock, renews it while the
 * editor is open and gives it back on leaving (also by beacon when the tab closes). The save menu can
 * give it back early or take it again.
 */
export function usePageLock({ itemId, pageId, onBlocked, renewEveryMs = LOCK_RENEW_MS, leaseSeconds }: PageLockOptions) {
  const [state, setState] = useState<LockState>(pageId > 0 ? { kind: 'checking' } : { kind: 'none' });
  const held = useRef(false);
  const blocked = useRef(onBlocked);
  useEffect(() => {
    blocked.current = onBlocked;
  });

  const lockUntil = useCallback(() => (leaseSeconds === undefined ? undefined : Math.floor(Date.now() / 1000) + leaseSeconds), [leaseSeconds]);

  /** Takes the lock; false (and onBlocked) when it could not be taken. */
  const take = useCallback(async (): Promise<boolean> => {
    try {
      await lockPage(itemId, pageId, lockUntil());
      held.current = true;
      setState({ kind: 'held' });
      return true;
    } catch (error) {
      held.current = false;
      blocked.current({ message: error instanceof ApiCallError ? error.message : String(error) });
      return false;
    }
  }, [itemId, pageId, lockUntil]);

  const release = useCallback(async () => {
    held.current = false;
    setState({ kind: 'released' });
    await unlockPage(itemId, pageId).catch(() => undefined);
  }, [itemId, pageId]);

  useEffect(() => {
    const controller = new AbortController();
    if (pageId === 0) {
      setState({ kind: 'none' });
      // A new page: only the project's page quota can stand in the way.
      fetchPageLock(itemId, 0, controller.signal)
        .then((lock) => {
          if (lock.exceed === 1) blocked.current({ quotaExceeded: true });
        })
        .catch(() => undefined);
      return () => controller.abort();
    }
    setState({ kind: 'checking' });
    fetchPageLock(itemId, pageId, controller.signal)
      .then((lock) => {
        if (controller.signal.aborted) return;
        if (lock.lock === 1 && lock.is_cur_user !== 1) blocked.current({ holder: lock.lock_username });
        else void take();
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) blocked.current({ message: error instanceof Error ? error.message : String(error) });
      });
    const renew = window.setInterval(() => {
      if (held.current) void lockPage(itemId, pageId, lockUntil()).catch(() => undefined);
    }, renewEveryMs);
    const onUnload = () => {
      if (held.current) unlockPageOnUnload(itemId, pageId);
    };
    window.addEventListener('pagehide', onUnload);
    return () => {
      controller.abort();
      window.clearInterval(renew);
      window.removeEventListener('pagehide', onUnload);
      if (held.current) {
        held.current = false;
        void unlockPage(itemId, pageId).catch(() => undefined);
      }
    };
  }, [itemId, pageId, take, renewEveryMs, lockUntil]);

  return { state, take, release };
}
