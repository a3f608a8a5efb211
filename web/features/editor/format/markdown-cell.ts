/** Text made safe for one cell of a markdown table: pipes escaped, line breaks as <br>. */
export function markdownCell(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>').trim();
}
