/**
 * The attachment store could not be reached or refused the request (a bucket that is down, wrong keys):
 * nothing was recorded, and the API answers 503 so the caller may retry. The message names the bucket and
 * the cause for the log; the caller sees only a generic text.
 */
export class StorageUnavailable extends Error {
  override readonly name = 'StorageUnavailable';
}
