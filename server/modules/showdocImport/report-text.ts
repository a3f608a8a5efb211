import type { ImportReport } from './report.js';

/** The report as a person reads it: one line per table with its counts, then every note. */
export function reportText(report: ImportReport, header: string[]): string {
  const lines = [...header, ''];
  lines.push('table                          rows  brought  skipped  failed');
  for (const [table, info] of [...report.tables].sort(([a], [b]) => a.localeCompare(b))) {
    const k = report.kinds.get(table) ?? { brought: 0, skipped: 0, failed: 0, notes: [] };
    lines.push(`${table.padEnd(28)} ${String(info.rows).padStart(6)} ${String(k.brought).padStart(8)} ${String(k.skipped).padStart(8)} ${String(k.failed).padStart(7)}   (${info.accountedBy})`);
  }
  for (const [kind, k] of report.kinds) {
    if (!k.notes.length) continue;
    lines.push('', `${kind}:`);
    for (const note of k.notes) lines.push(`  ${note}`);
  }
  return `${lines.join('\n')}\n`;
}
