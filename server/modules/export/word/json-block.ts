/** A JSON page body as a pretty-printed code block; a body that is not JSON stays as it is. */
export function jsonCodeBlock(body: string): string {
  const trimmed = body.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return body;
  try {
    const pretty = JSON.stringify(JSON.parse(trimmed), null, 2);
    return `\`\`\`\`json\n${pretty.replace(/````/g, '` ```')}\n\`\`\`\`\n`;
  } catch {
    return body;
  }
}
