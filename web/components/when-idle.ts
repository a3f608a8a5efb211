/**
 * Runs `run` once the first screen is up and the browser has nothing better to do; soon in any case.
 * For code worth having before it is asked for, but not worth slowing the first screen. Returns a cancel.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 4000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1500);
  return () => window.clearTimeout(id);
}
