import { workSlots } from '../../http/work-slots.js';
import { WORD_MAX_CONCURRENT } from './limits.js';

/**
 * One export per person at a time (security.md F8): exports are the heaviest requests the server
 * answers, and a script looping over them would starve everyone else.
 */
export const claimExportSlot: (uid: number) => () => void = workSlots({ max: Infinity, busy: 'export.busy' });

/**
 * A Word file is built in memory (about 80 bytes per byte of markdown), so only WORD_MAX_CONCURRENT
 * are built at once in the process; one more asks to try again shortly (10429).
 */
export const claimWordBuild: () => () => void = workSlots({ max: WORD_MAX_CONCURRENT, full: 'export.serverBusy' });
