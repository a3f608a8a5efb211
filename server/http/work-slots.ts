import type { ServerMessageKey } from '../../common/server-messages.js';
import { ApiError } from './api-error.js';

export interface SlotLimits {
  /** Runs at once in the process; Infinity for no limit. */
  max: number;
  /** Said (10429) to a person who already has one running. */
  busy?: ServerMessageKey;
  /** Said (10429) when the process has `max` running. */
  full?: ServerMessageKey;
}

/**
 * Heavy work (imports, exports, Word builds) a process runs only so much of at once: at most one per
 * person when `busy` is given, and at most `max` in all. A claim answers 10429 when there is no room;
 * its release may be called more than once. Kept in the process: behind a load balancer each instance
 * counts on its own.
 */
export function workSlots(limits: SlotLimits): (uid?: number) => () => void {
  const people = new Set<number>();
  let running = 0;
  return (uid) => {
    const perPerson = limits.busy !== undefined && uid !== undefined;
    if (perPerson && people.has(uid)) throw new ApiError(10429, limits.busy);
    if (running >= limits.max) throw new ApiError(10429, limits.full);
    if (perPerson) people.add(uid);
    running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      running -= 1;
      if (perPerson) people.delete(uid);
    };
  };
}
