/**
 * Journeys run in this many workers side by side, each against a Folio of its own (e2e/global-setup.ts):
 * a journey spends about a third of its time waiting on the browser or the server, which a second
 * worker fills. `E2E_WORKERS=1` runs them one at a time.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);
