/** Seed 001 §9: uploads are limited to 4 MB. */
export const UPLOAD_LIMIT = 4 * 1024 * 1024;

/** The 4 MB file plus the multipart envelope and the form fields around it. */
export const UPLOAD_BODY_LIMIT = UPLOAD_LIMIT + 64 * 1024;
