import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addPage, createItem } from '../../test/item-factories.js';
import { unzip } from '../../test/unzip.js';
import { imageFacts } from './word/image-size.js';

/** The browser tests' Chromium (scripts/e2e.mjs installs it); without one this file has nothing to draw with. */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const present = fs.existsSync(chromium);

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  if (!present) return;
  t = await startTestApp({ mermaidChromium: chromium });
  owner = await registerUser(t);
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(!present)('export/word with FOLIO_MERMAID_CHROMIUM', () => {
  it('draws mermaid diagrams as embedded PNG images; one mermaid cannot read stays its marked source', async () => {
    const project = await createItem(t, owner);
    const content = ['```mermaid', 'graph TD; Start-->Finish', '```', '', '```mermaid', 'this is not a diagram ((', '```', '', '```mermaid', 'graph TD; Start-->Finish', '```'].join('\n');
    const page = await addPage(t, project.item_id, { title: 'Flow', content });
    const res = await t.call('export/word', { item_id: project.item_id, page_id: page.page_id }, { token: owner.token, method: 'GET' });
    expect(res.response.statusCode).toBe(200);
    const entries = await unzip(Buffer.from(res.response.rawPayload));
    const xml = entries.find((e) => e.name === 'word/document.xml')?.data.toString('utf8') ?? '';
    const media = entries.filter((e) => e.name.startsWith('word/media/'));
    // The same diagram twice is drawn once and placed twice.
    expect(media).toHaveLength(1);
    const facts = imageFacts(media[0]?.data ?? Buffer.alloc(0));
    expect(facts?.type).toBe('png');
    expect(facts?.width).toBeGreaterThan(40);
    expect(xml.match(/<wp:docPr [^>]*descr="Mermaid diagram"/g)).toHaveLength(2);
    expect(xml).not.toContain('Start--&gt;Finish');
    expect(xml).toMatch(/Mermaid diagram — source:<\/w:t>.*this is not a diagram \(\(/s);
  }, 90_000);
});
