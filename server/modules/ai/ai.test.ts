import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { forgetCachedOptions } from '../common/options.js';
import { FAKE_CHUNKS, startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.js';
import { completionsUrl } from './upstream.js';

/**
 * The editor's AI assistant (issue 20 part 4): settings only for admins with the key never sent back,
 * `ai/create` refused when off, capped, rate limited, with clear errors when the upstream is down or slow,
 * and the answer streamed as the model writes it.
 */

const KEY = 'sk-test-0123456789abcdef';
let t: TestApp;
let fake: FakeOpenAi;
let admin: TestUser;
let writer: TestUser;
let baseUrl: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await startTestApp();
  admin = await registerUser(t, { username: 'site_admin' });
  writer = await registerUser(t, { username: 'writer' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const configure = (params: Record<string, unknown>) => t.call('adminSetting/saveAiConfig', params, { token: admin.token });
const ask = (params: Record<string, unknown>, user: TestUser | null = writer) => t.call('ai/create', params, user ? { token: user.token } : {});

beforeEach(async () => {
  await t.database.db.deleteFrom('options').execute();
  forgetCachedOptions(t.database.db);
  expect((await configure({ ai_open: 1, open_ai_host: fake.url, open_ai_key: KEY, ai_model_name: 'fake-model' })).error_code).toBe(0);
});

describe('the admin settings', () => {
  it('are for administrators only', async () => {
    for (const path of ['adminSetting/loadAiConfig', 'adminSetting/saveAiConfig']) {
      expect((await t.call(path, {})).error_code).toBe(10102);
      expect((await t.call(path, {}, { token: writer.token })).error_code).toBe(10103);
    }
  });

  it('never send the key back, and keep it when saved empty', async () => {
    const loaded = await t.call('adminSetting/loadAiConfig', {}, { token: admin.token });
    expect(loaded.data).toMatchObject({ ai_open: 1, open_ai_host: fake.url, ai_model_name: 'fake-model', key_set: 1 });
    expect(loaded.response.body).not.toContain(KEY);
    const saved = await configure({ ai_open: 1, open_ai_host: fake.url, ai_model_name: 'fake-model' });
    expect(saved.response.body).not.toContain(KEY);
    expect((saved.data as { key_set: number }).key_set).toBe(1);
    expect((await t.call('adminSetting/loadConfig', {}, { token: admin.token })).response.body).not.toContain(KEY);
    expect((await t.call('common/homePageSetting', {})).response.body).not.toContain(KEY);
    const cleared = await configure({ ai_open: 0, open_ai_host: fake.url, clear_key: 1 });
    expect((cleared.data as { key_set: number }).key_set).toBe(0);
  });

  it('refuse bad input', async () => {
    expect((await configure({ ai_open: 1, open_ai_host: 'file:///etc/passwd' })).error_code).toBe(10101);
    expect((await configure({ ai_open: 1, open_ai_host: fake.url, ai_timeout: 100000 })).error_code).toBe(10100);
    expect((await configure({ ai_open: 1, open_ai_host: fake.url, ai_max_message_length: 'lots' })).error_code).toBe(10100);
    expect((await configure({ ai_open: 1, open_ai_host: 'h'.repeat(600) })).error_code).toBe(10100);
  });
});

describe('ai/config', () => {
  it('says whether the assistant is on, without the key', async () => {
    const on = await t.call('ai/config', {}, { token: writer.token });
    expect(on.data).toEqual({ enabled: 1, max_length: 8000 });
    expect(on.response.body).not.toContain(KEY);
    await configure({ ai_open: 0, open_ai_host: fake.url });
    expect((await t.call('ai/config', {}, { token: writer.token })).data).toMatchObject({ enabled: 0 });
    expect((await t.call('ai/config', {})).error_code).toBe(10102);
  });
});

describe('ai/create', () => {
  it('answers in ShowDoc’s shape, sending the key upstream only', async () => {
    const res = await ask({ content: '# Orders API', instruction: 'summarize' });
    expect(res.error_code).toBe(0);
    expect(res.data).toEqual({ choices: [{ message: { role: 'assistant', content: FAKE_CHUNKS.join('') } }] });
    expect(res.response.body).not.toContain(KEY);
    const sent = fake.requests.at(-1);
    expect(sent?.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.body).toMatchObject({ model: 'fake-model', stream: true });
    expect(sent?.body.messages?.at(-1)?.content).toContain('# Orders API');
    expect(sent?.body.messages?.at(-1)?.content).toMatch(/Summarise/);
  });

  it('streams the answer in pieces as they arrive', async () => {
    // The upstream stops after its first piece until that piece has reached us.
    fake.hold();
    const response = await fetch(`${baseUrl}/api/ai/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user_token: writer.token, content: 'Hello 世界', instruction: 'translate_en', stream: '1' }),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const pieces: string[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces.push(decoder.decode(value, { stream: true }));
      if (pieces.length === 1) fake.release();
    }
    const texts = [...pieces.join('').matchAll(/^data: (\{.*\})$/gm)].map((m) => (JSON.parse(m[1]!) as { text: string }).text);
    expect(texts).toEqual(FAKE_CHUNKS);
    expect(pieces.join('')).toMatch(/data: \[DONE\]\n\n$/);
    // Several network reads, not one buffered answer.
    expect(pieces.length).toBeGreaterThan(1);
  });

  it('is refused when off, or without a login', async () => {
    await configure({ ai_open: 0, open_ai_host: fake.url });
    const off = await ask({ content: 'x' });
    expect(off.error_code).toBe(10101);
    expect(off.error_message).toMatch(/not turned on/);
    expect((await ask({ content: 'x' }, null)).error_code).toBe(10102);
  });

  it('caps what is sent', async () => {
    await configure({ ai_open: 1, open_ai_host: fake.url, ai_max_message_length: 100 });
    const res = await ask({ content: '字'.repeat(101) });
    expect(res.error_code).toBe(10101);
    expect(res.error_message).toMatch(/100/);
    expect((await ask({ content: 'x'.repeat(100_001) })).error_code).toBe(10100);
    expect((await ask({ content: 'x', instruction: 'rm -rf' })).error_code).toBe(10100);
    expect((await ask({ content: '', prompt: '' })).error_code).toBe(10101);
  });

  it('says clearly when the upstream is down, broken or slow, without the key', async () => {
    await configure({ ai_open: 1, open_ai_host: 'http://127.0.0.1:9/v1', open_ai_key: KEY });
    const down = await ask({ content: 'x' });
    expect(down.error_message).toMatch(/could not be reached/);
    expect(down.response.body).not.toContain(KEY);

    await configure({ ai_open: 1, open_ai_host: fake.url, ai_model_name: 'broken' });
    const broken = await ask({ content: 'x' });
    expect(broken.error_message).toMatch(/HTTP 500/);

    await configure({ ai_open: 1, open_ai_host: fake.url, ai_model_name: 'slow', ai_timeout: 1 });
    const started = Date.now();
    const slow = await ask({ content: 'x' });
    expect(slow.error_message).toMatch(/did not answer in time/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('is rate limited per user', async () => {
    await configure({ ai_open: 0, open_ai_host: fake.url });
    const busy = await registerUser(t, { username: 'busy' });
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1) codes.push((await ask({ content: 'x' }, busy)).error_code);
    expect(codes.slice(0, 20).every((c) => c === 10101)).toBe(true);
    expect(codes[20]).toBe(10429);
    // Another person is not held back by it.
    expect((await ask({ content: 'x' })).error_code).toBe(10101);
  });
});

describe('completionsUrl', () => {
  it('accepts the base URLs vendors document', () => {
    expect(completionsUrl('https://api.openai.com/v1').href).toBe('https://api.openai.com/v1/chat/completions');
    expect(completionsUrl('https://api.openai.com').href).toBe('https://api.openai.com/v1/chat/completions');
    expect(completionsUrl('http://localhost:11434/v1/').href).toBe('http://localhost:11434/v1/chat/completions');
    const azure = 'https://res.openai.azure.com/openai/deployments/gpt4o/chat/completions?api-version=2024-10-21';
    expect(completionsUrl(azure).href).toBe(azure);
    expect(completionsUrl('https://res.openai.azure.com/openai/v1').href).toBe('https://res.openai.azure.com/openai/v1/chat/completions');
  });
});
