import type { Readable } from 'node:stream';

/** ShowDoc's response envelope: success carries `data`, failure carries `error_message`. */
export interface SuccessEnvelope<T> {
  error_code: 0;
  data: T;
}

export interface ErrorEnvelope {
  error_code: number;
  error_message: string;
}

export function ok<T>(data: T): SuccessEnvelope<T> {
  return { error_code: 0, data };
}

export function failure(code: number, message: string): ErrorEnvelope {
  return { error_code: code, error_message: message };
}

/**
 * A response that is not the envelope: images, files, redirects. A stream body (exports) is piped to
 * the client as it is produced; errors after the first byte can only cut the download short.
 */
export class RawResponse {
  constructor(
    readonly contentType: string,
    readonly body: Buffer | string | Readable,
    readonly headers: Record<string, string> = {},
    readonly status = 200,
  ) {}
}
