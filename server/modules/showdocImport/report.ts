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
  /** Every table of the source, with the kind that accounts for it or why none does. */
  readonly tables = new Map<string, { rows: number; accountedBy: string }>();

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

  /** Many rows skipped for one reason (e.g. every login session): one note, not one per row. */
  skippedAll(kind: string, count: number, why: string): void {
    const entry = this.kind(kind);
    if (count <= 0) return;
    entry.skipped += count;
    entry.notes.push(`skipped ${count}: ${why}`);
  }

  /** Something brought over, but changed on the way (a reference repaired, a title unescaped). */
  note(kind: string, what: string): void {
    this.kind(kind).notes.push(`note: ${what}`);
  }

  failed(kind: string, why: string): void {
    const entry = this.kind(kind);
    entry.failed += 1;
    entry.notes.push(`failed: ${why}`);
  }
}
