import { ApiError } from '../../http/api-error.js';

/**
 * Imports hold the upload and what it inflates to in memory (up to MAX_ZIP_TOTAL_BYTES): one per person
 * and a few per process at a time, so a script looping over imports cannot exhaust the server's memory.
 * Kept in the process; behind a load balancer each instance counts on its own.
 */
const MAX_RUNNING = 4;
const running = new Set<number>();

/** Claims an import slot, or 10429; call the result when done. */
export function claimImportSlot(uid: number): () => void {
  if (running.has(uid)) throw new ApiError(10429, 'import.busy');
  if (running.size >= MAX_RUNNING) throw new ApiError(10429, 'import.serverBusy');
  running.add(uid);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running.delete(uid);
  };
}
