/**
 * Journeys run in this many workers side by side, each against a Folio of its own (e2e/global-setup.ts):
 * a journey spends about a third of its time waiting on the browser or the server. With two workers the
 * two cores were busy 81 % of the run; a third filled them to 90 % (186 → 169 s). `E2E_WORKERS=1` runs
 * them one at a time.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 3) || 1);
