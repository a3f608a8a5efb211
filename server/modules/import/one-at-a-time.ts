import { workSlots } from '../../http/work-slots.js';

/**
 * Imports hold the upload and what it inflates to in memory (up to MAX_ZIP_TOTAL_BYTES): one per person
 * and a few per process at a time, so a script looping over imports cannot exhaust the server's memory.
 */
export const claimImportSlot: (uid: number) => () => void = workSlots({ max: 4, busy: 'import.busy', full: 'import.serverBusy' });
