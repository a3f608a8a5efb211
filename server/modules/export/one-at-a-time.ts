import { ApiError } from '../../http/api-error.js';
import { WORD_MAX_CONCURRENT } from './limits.js';

/**
 * One export per person at a time (security.md F8): exports are the heaviest requests the server
 * answers, and a script looping over them would starve everyone else. Kept in the process, which is
 * enough for one server; behind a load balancer each instance counts on its own.
 */
const running = new Set<number>();

/** Claims the person's export slot, or 10429 when one is already running; call the result when done. */
export function claimExportSlot(uid: number): () => void {
  if (running.has(uid)) throw new ApiError(10429, 'export.busy');
  running.add(uid);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running.delete(uid);
  };
}

let wordBuilds = 0;

/**
 * A Word file is built in memory (about 80 bytes per byte of markdown), so only WORD_MAX_CONCURRENT
 * are built at once in the process; one more asks to try again shortly (10429).
 */
export function claimWordBuild(): () => void {
  if (wordBuilds >= WORD_MAX_CONCURRENT) throw new ApiError(10429, 'export.serverBusy');
  wordBuilds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    wordBuilds -= 1;
  };
}
