import { describe, expect, it } from 'vitest';
import { claimImportSlot } from './one-at-a-time.js';

describe('claimImportSlot', () => {
  it('lets one import per person and four per process run at once', () => {
    const first = claimImportSlot(1);
    expect(() => claimImportSlot(1)).toThrow(expect.objectContaining({ code: 10429, messageKey: 'import.busy' }));
    const others = [2, 3, 4].map((uid) => claimImportSlot(uid));
    expect(() => claimImportSlot(5)).toThrow(expect.objectContaining({ code: 10429, messageKey: 'import.serverBusy' }));
    first();
    first();
    const again = claimImportSlot(1);
    for (const release of [again, ...others]) release();
    claimImportSlot(5)();
  });
});
