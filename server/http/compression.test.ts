import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeAsync, negotiateCoding, registerCompression } from './compression.js';

/** Text whose first bytes read as a zlib header ("x^") and as gzip's magic: the plugin sent both unencoded but labelled. */
const ZLIB_LOOKING = Buffer.concat([Buffer.from('x^'), Buffer.alloc(5000, 'plain text ')]);
const GZIP_LOOKING = Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08]), Buffer.alloc(100_000, 'more text ')]);

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  registerCompression(app);
  app.get('/buffer', (_req, reply) => reply.type('text/plain').send(ZLIB_LOOKING));
  app.get('/stream', (_req, reply) => reply.type('text/plain').send(Readable.from([GZIP_LOOKING.subarray(0, 10), GZIP_LOOKING.subarray(10)])));
  app.get('/small', (_req, reply) => reply.type('text/plain').send('short'));
  app.get('/png', (_req, reply) => reply.type('image/png').send(ZLIB_LOOKING));
  app.get('/events', (_req, reply) => reply.type('text/event-stream').send(ZLIB_LOOKING));
  app.get('/partial', (_req, reply) => reply.code(206).header('content-range', 'bytes 0-5001/9999').type('text/plain').send(ZLIB_LOOKING));
  await app.ready();
});
afterAll(() => app?.close());

const decoders: Record<string, (b: Buffer) => Buffer> = { gzip: zlib.gunzipSync, deflate: zlib.inflateSync, br: zlib.brotliDecompressSync };

describe('response compression', () => {
  it('encodes a buffer and a stream as negotiated whatever their first bytes look like', async () => {
    for (const [url, original] of [['/buffer', ZLIB_LOOKING], ['/stream', GZIP_LOOKING]] as const) {
      for (const coding of ['gzip', 'deflate', 'br'] as const) {
        const res = await app.inject({ url, headers: { 'accept-encoding': coding } });
        expect(res.headers['content-encoding'], `${url} ${coding}`).toBe(coding);
        expect(res.headers.vary).toBe('accept-encoding');
        expect(decoders[coding]?.(res.rawPayload).equals(original), `${url} ${coding}`).toBe(true);
      }
    }
  });

  it('sends small answers, images, event streams and partial content untouched and unlabelled', async () => {
    for (const url of ['/small', '/png', '/events', '/partial']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
    const png = await app.inject({ url: '/png', headers: { 'accept-encoding': 'gzip' } });
    expect(png.rawPayload.equals(ZLIB_LOOKING)).toBe(true);
  });

  it('honours q-values, wildcards, x-gzip and identity', () => {
    expect(negotiateCoding(undefined)).toBeNull();
    expect(negotiateCoding('identity')).toBeNull();
    expect(negotiateCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateCoding('br;q=0.5, gzip')).toBe('gzip');
    expect(negotiateCoding('br;q=0, *')).toBe('gzip');
    expect(negotiateCoding('x-gzip')).toBe('gzip');
    expect(negotiateCoding('deflate;q=0.1, gzip;q=0')).toBe('deflate');
    expect(negotiateCoding('*;q=0')).toBeNull();
    expect(negotiateCoding('zstd')).toBeNull();
  });

  it('encodes a buffer off the loop in each coding, as the hook and the item/info cache both use it', async () => {
    for (const coding of ['br', 'gzip', 'deflate'] as const) {
      const encoded = await encodeAsync(coding, GZIP_LOOKING);
      expect(encoded.length, coding).toBeLessThan(GZIP_LOOKING.length / 10);
      expect(decoders[coding]?.(encoded).equals(GZIP_LOOKING), coding).toBe(true);
    }
  });
});
