import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './harness.js';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a90000000049454e44ae426082',
  'hex',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

export interface UploadPart {
  field?: string;
  filename: string;
  data: Buffer;
  contentType?: string;
}

/** A multipart POST as a browser sends it: form fields, then the file. */
export async function uploadTo(
  t: TestApp,
  path: string,
  fields: Record<string, string | number>,
  file: UploadPart | null,
  token?: string,
  /** Post to this exact URL (one of ShowDoc's forms) instead of `/api/<path>`. */
  url = `/api/${path}`,
): Promise<{ status: number; body: Record<string, unknown>; response: LightMyRequestResponse }> {
  const boundary = `----folio${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const all = { ...fields, ...(token ? { user_token: token } : {}) };
  for (const [name, value] of Object.entries(all)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`;
    chunks.push(Buffer.from(head), file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(chunks),
    remoteAddress: '127.0.0.1',
  });
  let body: Record<string, unknown> = {};
  try {
    body = response.json();
  } catch {
    // Not JSON (a file, a text answer).
  }
  return { status: response.statusCode, body, response };
}

/** The sign out of a visitFile URL. */
export function signOf(url: unknown): string {
  const match = /sign=([0-9a-f]+)/.exec(String(url));
  if (!match?.[1]) throw new Error(`no sign in ${String(url)}`);
  return match[1];
}
