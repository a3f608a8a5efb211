import { Readable } from 'node:stream';
import type { GetObjectCommandOutput, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { isBlobKey, type BlobReader, type BlobStore } from './blob-store.js';
import { StorageUnavailable } from './storage-errors.js';

export interface S3StoreOptions {
  bucket: string;
  /** Prepended to every key (`folio/` → `folio/ab/ab12…`); empty for the bucket's root. */
  prefix: string;
  /** A non-AWS service (MinIO, Aliyun OSS, Tencent COS, Qiniu Kodo, s3rver); AWS itself when absent. */
  endpoint?: string;
  region: string;
  /** Both or neither; without them the SDK's default chain (environment, instance role) answers. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: MinIO and s3rver need it. */
  forcePathStyle: boolean;
  /** Tests shorten these; the defaults let a bucket that is down fail an upload within seconds. */
  timeouts?: { connectMs?: number; idleMs?: number; attempts?: number };
}

/**
 * Attachment bytes in an S3-compatible bucket, under the same keys as the local store. A PUT is atomic in
 * an object store (readers see the old object, none, or the whole new one), so there are no temp files and
 * scan() never reports any.
 */
export function s3BlobStore(options: S3StoreOptions): BlobStore {
  const { bucket, prefix } = options;
  // The SDK (about 20 MB of a process) loads on the first bucket request, not at start (issue 21).
  let loading: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (loading ??= loadS3Sdk().then((sdk) => ({ sdk, client: s3Client(sdk, options) })).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const where = (key: string) => {
    // Keys come from newBlobKey and the database; anything else never becomes an object name.
    if (!isBlobKey(key)) throw new Error('invalid blob key');
    return `${prefix}${key}`;
  };
  const place = `bucket ${bucket}${options.endpoint ? ` at ${options.endpoint}` : ''}`;
  /** Every SDK failure but "no such object" becomes one clear error naming the bucket. */
  const send = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new StorageUnavailable(`Object storage (${place}) failed to ${what}: ${describe(error)}`, { cause: error });
    }
  };
  const getObject = (key: string, range?: string) =>
    send('read an attachment', async (): Promise<GetObjectCommandOutput | null> => {
      const { sdk, client } = await connect();
      try {
        return await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: where(key), ...(range ? { Range: range } : {}) }));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    });

  return {
    async put(key, data) {
      const name = where(key);
      await send('store an attachment', async () => {
        const { sdk, client } = await connect();
        return client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: name, Body: data, ContentLength: data.length, ContentType: 'application/octet-stream' }));
      });
    },
    async get(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      const body = object.Body;
      return send('read an attachment', async () => Buffer.from(await body.transformToByteArray()));
    },
    async open(key): Promise<BlobReader | null> {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
    },
    async remove(key) {
      const name = where(key);
      await send('remove an attachment', async () => {
        const { sdk, client } = await connect();
        return client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: name }));
      });
    },
    async *scan() {
      let token: string | undefined;
      do {
        const page = await send('list the bucket', async () => {
          const { sdk, client } = await connect();
          return client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        });
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length) ?? '';
          // Other objects (another application's, an operator's) are not Folio's to remove.
          if (object.Key?.startsWith(prefix) && isBlobKey(key)) yield { kind: 'blob' as const, key };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async removeIfOlder(entry, cutoff) {
      // An object store has no half-written objects, so only blobs are ever listed.
      if (entry.kind !== 'blob') throw new Error('invalid temp name');
      const name = where(entry.key);
      const head = await send('read an attachment', async () => {
        const { sdk, client } = await connect();
        try {
          return await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: name }));
        } catch (error) {
          if (isMissing(error)) return null;
          throw error;
        }
      });
      const modified = head?.LastModified ? Math.floor(head.LastModified.getTime() / 1000) : null;
      if (modified === null || modified >= cutoff) return false;
      await send('remove an attachment', async () => {
        const { sdk, client } = await connect();
        return client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: name }));
      });
      return true;
    },
  };
}

type S3Sdk = typeof import('@aws-sdk/client-s3');
let loadedSdk: S3Sdk | undefined;

async function loadS3Sdk(): Promise<S3Sdk> {
  loadedSdk ??= await import('@aws-sdk/client-s3');
  return loadedSdk;
}

/**
 * An error the SDK raised for a service answer. An SDK error exists only once the SDK is loaded, so
 * anything seen before then is not one.
 */
export function isS3ServiceError(error: unknown): error is S3ServiceException {
  return loadedSdk !== undefined && error instanceof loadedSdk.S3ServiceException;
}

function s3Client(sdk: S3Sdk, options: S3StoreOptions): S3Client {
  const { connectMs = 3000, idleMs = 20_000, attempts = 2 } = options.timeouts ?? {};
  return new sdk.S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
    // The SDK waits without limit and retries three times by default: a bucket that is down would hold an
    // upload for minutes. A connection gets a few seconds; an answer that stalls is cut after `idleMs`.
    maxAttempts: attempts,
    requestHandler: { connectionTimeout: connectMs, socketTimeout: idleMs },
    // CRC checksums on every request are AWS's newer default; Aliyun OSS, Qiniu, older MinIO and s3rver
    // refuse or ignore them. Send and check them only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isMissing(error: unknown): boolean {
  if (!isS3ServiceError(error) || error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

function describe(error: unknown): string {
  if (isS3ServiceError(error)) return `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'}): ${error.message}`;
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `${code} ${error.message}` : error.message || error.name;
  }
  return String(error);
}
