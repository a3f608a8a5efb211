import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StoreOptions } from './s3-store.js';

/** s3rver's built-in account: it checks signatures, so these are the only keys it takes. */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Store options for this server's bucket under `prefix` (path-style: s3rver has no DNS per bucket). */
  options(prefix?: string): S3StoreOptions;
  close(): Promise<void>;
}

/** A real S3-protocol server (s3rver) on a random local port, its objects in a fresh temporary folder. */
export async function startTestS3Server(bucket = 'folio-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    options: (prefix = '') => ({ bucket, prefix, endpoint, region: 'us-east-1', forcePathStyle: true, ...KEYS }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Options for a bucket nobody answers: a local port that was free a moment ago (connections are refused). */
export async function closedPortOptions(): Promise<S3StoreOptions> {
  const port = await new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  return { bucket: 'folio-down', prefix: '', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true, ...KEYS, timeouts: { connectMs: 1000, idleMs: 2000, attempts: 2 } };
}

/** A server that accepts connections and never answers: a bucket hung rather than gone. */
export async function silentServer(): Promise<{ options: S3StoreOptions; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    options: { bucket: 'folio-hung', prefix: '', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true, ...KEYS, timeouts: { connectMs: 1000, idleMs: 1000, attempts: 2 } },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
