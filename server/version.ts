/** Reported by `common/version`; kept in step with package.json by a test. */
export const FOLIO_VERSION = 'v0.1.0';
