import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiCallError } from '../../api/client';
import { fetchPageLock, lockPage, takeOverPageLock, unlockPage, unlockPageOnUnload } from '../../api/page-edit';

/**
 * The editor's lease and renewal: the server keeps the page for 180 s after each renewal (seed 001's
 * spreadsheet lease), and the editor renews every minute. A browser that closes without leaving the
 * editor (no beacon got out) so frees the page within three minutes, not ShowDoc's half hour.
 */
export const LOCK_LEASE_S = 180;
export const LOCK_RENEW_MS = 60 * 1000;

export type LockState = { kind: 'none' } | { kind: 'checking' } | { kind: 'held' } | { kind: 'released' } | { kind: 'lost' };

/** Who holds the page and since when (unix seconds; 0 when the server did not say). */
export interface LockHolder {
  holder: string;
  since: number;
}

export interface PageLockOptions {
  itemId: number;
  /** 0 for a page not saved yet: there is nothing to lock. */
  pageId: number;
  /** Someone else holds the page, or the project cannot take new pages, or the lock could not be asked for. */
  onBlocked(reason: LockHolder | { quotaExceeded: true } | { message: string }): void;
  /** Someone took the page over from this tab: its renewal was refused. Absent: nothing is said. */
  onLost?(reason: LockHolder | null): void;
  /** How often the lock is renewed; a spreadsheet renews every 180 s (seed 001 "Spreadsheet lock"). */
  renewEveryMs?: number;
  /** How long each take or renewal holds the page, on the server's clock. */
  leaseSeconds?: number;
}

/**
 * Seed 001 §4 "Page lock": opening a saved page checks who holds it, takes the lock, renews it while the
 * editor is open and gives it back on leaving (also by beacon when the tab closes). The save menu can
 * give it back early or take it again; `takeOver` takes it from someone else (issue 23).
 */
export function usePageLock({ itemId, pageId, onBlocked, onLost, renewEveryMs = LOCK_RENEW_MS, leaseSeconds = LOCK_LEASE_S }: PageLockOptions) {
  const [state, setState] = useState<LockState>(pageId > 0 ? { kind: 'checking' } : { kind: 'none' });
  const held = useRef(false);
  const blocked = useRef(onBlocked);
  const lost = useRef(onLost);
  useEffect(() => {
    blocked.current = onBlocked;
    lost.current = onLost;
  });

  /** Takes the lock; false (and onBlocked) when it could not be taken. */
  const take = useCallback(async (): Promise<boolean> => {
    try {
      await lockPage(itemId, pageId, leaseSeconds);
      held.current = true;
      setState({ kind: 'held' });
      return true;
    } catch (error) {
      held.current = false;
      blocked.current({ message: error instanceof ApiCallError ? error.message : String(error) });
      return false;
    }
  }, [itemId, pageId, leaseSeconds]);

  /** Takes the lock whoever holds it; false (and onBlocked) when the server refused. */
  const takeOver = useCallback(async (): Promise<boolean> => {
    try {
      await takeOverPageLock(itemId, pageId, leaseSeconds);
      held.current = true;
      setState({ kind: 'held' });
      return true;
    } catch (error) {
      blocked.current({ message: error instanceof Error ? error.message : String(error) });
      return false;
    }
  }, [itemId, pageId, leaseSeconds]);

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
        if (lock.lock === 1 && lock.is_cur_user !== 1) blocked.current({ holder: lock.lock_username, since: lock.lock_since });
        else void take();
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) blocked.current({ message: error instanceof Error ? error.message : String(error) });
      });
    const renew = window.setInterval(() => {
      if (!held.current) return;
      lockPage(itemId, pageId, leaseSeconds).catch(async (error: unknown) => {
        // A network hiccup is retried at the next tick; a refusal means someone else holds the page now.
        if (!(error instanceof ApiCallError) || error.kind !== 'server' || !held.current) return;
        held.current = false;
        setState({ kind: 'lost' });
        const now = await fetchPageLock(itemId, pageId).catch(() => null);
        lost.current?.(now && now.lock === 1 ? { holder: now.lock_username, since: now.lock_since } : null);
      });
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
  }, [itemId, pageId, take, renewEveryMs, leaseSeconds]);

  return { state, take, takeOver, release };
}
