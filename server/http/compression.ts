import { pipeline, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Response compression for every answer, Buffer, string or stream.
 *
 * Folio does this itself instead of through @fastify/compress (9.2.0): that plugin looks at the first bytes
 * of an answer and, when they happen to read as a zlib or gzip header (`x^`, `x\x9c`, `h…`: about one
 * random text file in 500), sends the bytes as they are while still labelling them `Content-Encoding: gzip`
 * (or `br`, `deflate`). Clients then fail with "incorrect header check" (issue 22, fastify-compress#347).
 * Here an answer is either encoded as negotiated or sent untouched and unlabelled; its content never decides.
 */

export type Coding = 'br' | 'gzip' | 'deflate';

/** Server preference when the client weighs several codings equally (browsers send all three at q=1). */
const PREFERENCE: readonly Coding[] = ['br', 'gzip', 'deflate'];

/** Answers smaller than this go out as they are: the header costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

/** Buffers up to this size are compressed on the event loop; larger ones in libuv's pool, off the loop. */
const SYNC_LIMIT = 32 * 1024;

// Brotli's default quality (11) is far too slow for answers made per request; 4 is close to gzip's speed.
const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

// Text formats compress well; images, archives, office files and opaque blobs do not. Server-sent events
// must stay unbuffered, so they are left alone.
const COMPRESSIBLE =
  /^(text\/(?!event-stream)|application\/(json|javascript|ecmascript|xml|wasm|manifest\+json)|image\/svg\+xml|font\/(ttf|otf)|[^;]+\+(json|xml))/i;

/**
 * The coding to answer with for an `Accept-Encoding` header, or null for identity (RFC 9110 §12.5.3):
 * q-values are honoured, `*` stands for any coding not named, `x-gzip` is gzip.
 */
export function negotiateCoding(header: string | undefined): Coding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.trim().toLowerCase().split(';');
    const name = rawName?.trim() === 'x-gzip' ? 'gzip' : rawName?.trim();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param);
      if (match?.[1]) q = Math.min(1, Number(match[1]) || 0);
    }
    weights.set(name, q);
  }
  let best: Coding | null = null;
  let bestQ = 0;
  for (const coding of PREFERENCE) {
    const q = weights.get(coding) ?? weights.get('*') ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

const compressAsync = {
  br: promisify((input: Buffer, cb: zlib.CompressCallback) => zlib.brotliCompress(input, brotliFor(input.length), cb)),
  gzip: promisify((input: Buffer, cb: zlib.CompressCallback) => zlib.gzip(input, cb)),
  deflate: promisify((input: Buffer, cb: zlib.CompressCallback) => zlib.deflate(input, cb)),
};

/** `input` in `coding`, in libuv's pool off the event loop, with the settings the hook itself uses. */
export function encodeAsync(coding: Coding, input: Buffer): Promise<Buffer> {
  return compressAsync[coding](input);
}

function brotliFor(size: number): zlib.BrotliOptions {
  return { params: { ...BROTLI_OPTIONS.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } };
}

function compressNow(coding: Coding, input: Buffer): Buffer {
  if (coding === 'br') return zlib.brotliCompressSync(input, brotliFor(input.length));
  // `deflate` is the zlib format (RFC 9110 §8.4.1.2), which is what zlib.deflate writes and every client inflates.
  return coding === 'gzip' ? zlib.gzipSync(input) : zlib.deflateSync(input);
}

function compressorFor(coding: Coding): zlib.BrotliCompress | zlib.Gzip | zlib.Deflate {
  if (coding === 'br') return zlib.createBrotliCompress(BROTLI_OPTIONS);
  return coding === 'gzip' ? zlib.createGzip() : zlib.createDeflate();
}

function isStream(payload: unknown): payload is Readable {
  return typeof payload === 'object' && payload !== null && typeof (payload as Readable).pipe === 'function';
}

function addVary(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : String(current ?? '')).toLowerCase();
  if (list.split(',').some((v) => v.trim() === 'accept-encoding' || v.trim() === '*')) return;
  reply.header('vary', current ? `${String(current)}, accept-encoding` : 'accept-encoding');
}

/** Which answers may be encoded at all; the content itself never takes part in the decision. */
function mayEncode(req: FastifyRequest, reply: FastifyReply): boolean {
  const status = reply.statusCode;
  if (status < 200 || status === 204 || status === 206 || status === 304) return false;
  // Something upstream already encoded it; its label stays true.
  const existing = reply.getHeader('content-encoding');
  if (existing !== undefined && existing !== 'identity') return false;
  if (reply.getHeader('content-range') !== undefined) return false;
  return COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? 'application/json'));
}

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload: unknown) => {
    if (payload === null || payload === undefined || !mayEncode(req, reply)) return payload;
    // The answer depends on Accept-Encoding from here on, whether or not this client gets it encoded.
    addVary(reply);
    // `x-no-compression` is the request header @fastify/compress honoured; some clients still send it.
    const coding = req.headers['x-no-compression'] === undefined ? negotiateCoding(req.headers['accept-encoding']) : null;
    if (coding === null || req.method === 'HEAD') return payload;

    if (isStream(payload)) {
      const declared = Number(reply.getHeader('content-length'));
      if (Number.isFinite(declared) && declared < COMPRESS_THRESHOLD) return payload;
      reply.header('content-encoding', coding);
      reply.removeHeader('content-length');
      // A client that goes away destroys the compressor, which ends the source too; nothing to report.
      return pipeline(payload, compressorFor(coding), () => {});
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const input = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (input.length < COMPRESS_THRESHOLD) return payload;
    const encoded = input.length <= SYNC_LIMIT ? compressNow(coding, input) : await encodeAsync(coding, input);
    reply.header('content-encoding', coding);
    reply.header('content-length', encoded.length);
    return encoded;
  });
}
