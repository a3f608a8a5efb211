/** What happened to each kind: counts and, for every skipped or failed row, why. */
export interface KindReport {
  brought: number;
  skipped: number;
  failed: number;
  /** One line per skipped or failed row, e.g. "page 153008517: …". */
  notes: string[];
}

/** Filled by the kinds as they run; printed at the end and written to a file. */
export class ImportReport {
  readonly kinds = new Map<string, KindReport>();

  kind(name: string): KindReport {
    let found = this.kinds.get(name);
    if (!found) {
      found = { brought: 0, skipped: 0, failed: 0, notes: [] };
      this.kinds.set(name, found);
    }
    return found;
  }

  brought(kind: string, count = 1): void {
    this.kind(kind).brought += count;
  }

  skipped(kind: string, why: string): void {
    const entry = this.kind(kind);
    entry.skipped += 1;
    entry.notes.push(`skipped: ${why}`);
  }

  failed(kind: string, why: string): void {
    const entry = this.kind(kind);
    entry.failed += 1;
    entry.notes.push(`failed: ${why}`);
  }
}
