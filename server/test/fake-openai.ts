import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny OpenAI-compatible server for tests: `/v1/chat/completions` with `stream: true` answers fixed
 * SSE chunks, a pause between each. After `hold()`, the next answer stops after its first chunk until
 * `release()`, so a test can see a partial answer whatever the speed of the machine. The model name picks
 * a misbehaviour: `slow` never answers, `broken` answers HTTP 500.
 */
export interface FakeOpenAi {
  url: string;
  /** What each request carried, for assertions on the key and the prompt. */
  requests: { authorization: string | undefined; body: { model?: string; messages?: { role: string; content: string }[]; stream?: boolean } }[];
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export const FAKE_CHUNKS = ['Hello', ', this is ', 'the assistant', '.'];

export async function startFakeOpenAi(options: { pauseMs?: number } = {}): Promise<FakeOpenAi> {
  const pause = options.pauseMs ?? 30;
  const requests: FakeOpenAi['requests'] = [];
  type Gate = { opened: Promise<void>; open: () => void };
  // `pending` waits for the next answer; `holding` is the answer stopped after its first chunk.
  let pending: Gate | null = null;
  let holding: Gate | null = null;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      let body: FakeOpenAi['requests'][number]['body'] = {};
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        // answered below as a bad request
      }
      requests.push({ authorization: req.headers.authorization, body });
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      if (body.model === 'slow') return; // never answers: the client's timeout must fire
      if (body.model === 'broken') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const events = FAKE_CHUNKS.map((content) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`);
      events.push('data: [DONE]\n\n');
      let i = 0;
      const held = pending;
      pending = null;
      if (held) holding = held;
      const next = () => {
        if (res.destroyed) return;
        const event = events[i++];
        if (event === undefined) {
          res.end();
          return;
        }
        res.write(event);
        if (i === 1 && held) void held.opened.then(() => setTimeout(next, pause));
        else setTimeout(next, pause);
      };
      next();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    hold: () => {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      pending = { opened, open };
    },
    release: () => {
      for (const gate of [pending, holding]) gate?.open();
      pending = null;
      holding = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
