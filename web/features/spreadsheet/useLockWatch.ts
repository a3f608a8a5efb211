import { useEffect, useState } from 'react';
import { fetchPageLock } from '../../api/page-edit';

/** While the sheet is read-only because of someone else's lock, it is checked again this often. */
export const LOCK_RECHECK_MS = 30_000;

/** What the last check said: someone (else) holds the page, or nobody does. */
export type LockSeen = { kind: 'held'; holder: string } | { kind: 'free' } | null;

/**
 * Seed 001 "Spreadsheet lock" says the holder renews every 180 s; a holder who stops (left without
 * giving it back, crashed, lost the network) loses it when the lease runs out. While `active`, asks the
 * server again every 30 s and whenever the tab comes back into view, so the screen can offer to take over.
 */
export function useLockWatch(itemId: number, pageId: number, active: boolean): LockSeen {
  const [seen, setSeen] = useState<LockSeen>(null);
  useEffect(() => {
    if (!active || pageId === 0) {
      setSeen(null);
      return;
    }
    const controller = new AbortController();
    let inFlight = false;
    const check = () => {
      if (inFlight || controller.signal.aborted) return;
      inFlight = true;
      fetchPageLock(itemId, pageId, controller.signal)
        .then((lock) => {
          if (controller.signal.aborted) return;
          setSeen(lock.lock === 1 && lock.is_cur_user !== 1 ? { kind: 'held', holder: lock.lock_username } : { kind: 'free' });
        })
        // A failed check says nothing new: the next one may.
        .catch(() => undefined)
        .finally(() => {
          inFlight = false;
        });
    };
    const every = window.setInterval(check, LOCK_RECHECK_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      window.clearInterval(every);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [itemId, pageId, active]);
  return seen;
}
