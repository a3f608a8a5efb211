import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { registerUser } from '../test/factories.js';
import { createItem } from '../test/item-factories.js';
import { loadTranscripts, type Transcript } from '../test/showdoc-transcripts.js';
import { declaredDifferences, TranscriptReplay, type Replayed } from '../test/transcript-replay.js';
import { shapeDifferences } from '../test/wire-shape.js';

/**
 * Every exchange recorded against ShowDoc 3.9.2 (shared/reference/showdoc-transcripts), made again in
 * the recorded order against Folio on ShowDoc's URLs: the same HTTP status, the same error_code, and
 * `data` of the same shape and JSON types, key for key. The few answers that differ on purpose are
 * declared, with their reasons, in docs/compatibility.md; a declared one that stops differing fails
 * too, so the list stays true.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const declared = declaredDifferences(path.resolve(here, '../../docs/compatibility.md'));
const transcripts = loadTranscripts();

let t: TestApp;
let replay: TranscriptReplay;
let webDir: string;

beforeAll(async () => {
  // A built app to serve for /web/index.html; the tests otherwise run without one.
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Folio</title>');
  t = await startTestApp({ webDir });
  // ShowDoc's state when the recording began: its administrator `showdoc` (password 123456) with sample projects.
  const admin = await registerUser(t, { username: 'showdoc', password: '123456' });
  await createItem(t, admin, { item_name: 'API文档示例' });
  replay = new TranscriptReplay(t);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

function differences(transcript: Transcript, folio: Replayed): string[] {
  const out: string[] = [];
  if (folio.response.statusCode !== transcript.status) out.push(`HTTP ${transcript.status} expected, ${folio.response.statusCode} found`);
  const expected = transcript.body as { error_code?: number; data?: unknown } | null;
  if (expected === null) {
    const media = (type: string) => type.split(';')[0]?.trim().toLowerCase() ?? '';
    const found = String(folio.response.headers['content-type'] ?? '');
    if (media(found) !== media(transcript.contentType)) out.push(`${media(transcript.contentType)} expected, ${media(found)} found`);
    if (transcript.location !== null && folio.response.headers.location !== transcript.location) out.push(`redirect to ${transcript.location} expected`);
    return out;
  }
  const actual = folio.body as { error_code?: number; data?: unknown; error_message?: unknown } | null;
  if (actual === null) return [...out, 'a JSON answer expected'];
  if (actual.error_code !== expected.error_code) out.push(`error_code ${expected.error_code} expected, ${actual.error_code} found (${String(actual.error_message)})`);
  else if (expected.data !== undefined) out.push(...shapeDifferences(expected.data, actual.data));
  return out;
}

describe('ShowDoc transcripts replayed against Folio', () => {
  it('declares at most ten differences, each of an existing transcript', () => {
    expect(declared.size).toBeLessThanOrEqual(10);
    for (const name of declared.keys()) expect(transcripts.map((x) => x.name)).toContain(name);
  });

  for (const transcript of transcripts) {
    const reason = declared.get(transcript.name);
    it(`${transcript.name}: ${transcript.title}${reason ? ' (declared difference)' : ''}`, async () => {
      const found = differences(transcript, await replay.replay(transcript));
      if (reason) expect(found, `declared in docs/compatibility.md but answered as ShowDoc does: ${reason}`).not.toEqual([]);
      else expect(found).toEqual([]);
    });
  }
});
