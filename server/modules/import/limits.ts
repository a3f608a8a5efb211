/**
 * What one import may cost (ARCHITECTURE security rule 9, security.md C10–C15). Everything is checked
 * while reading, before the database transaction starts.
 */

const MB = 1024 * 1024;

/** The uploaded file. */
export const MAX_UPLOAD_BYTES = 20 * MB;
/** The request around it: the file, the multipart envelope and a few form fields. */
export const IMPORT_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

/** Zip archives: a 10,000-page export (one file per page, plus info.json) must import back. */
export const MAX_ZIP_ENTRIES = 20_000;
/** Counted while inflating, never taken from the headers alone. */
export const MAX_ZIP_TOTAL_BYTES = 100 * MB;
export const MAX_ZIP_ENTRY_BYTES = 20 * MB;
/** Folders inside a zip. */
export const MAX_ZIP_PATH_DEPTH = 10;
/** Image attachments taken from one zip (each also within the attachment limit of 4 MB). */
export const MAX_ZIP_IMAGES = 500;

/** JSON and YAML documents. */
export const MAX_DOCUMENT_DEPTH = 128;
/** YAML aliases (`*a`) one document may use: the billion-laughs guard. */
export const MAX_YAML_ALIASES = 100;

/** Pages one import may write. */
export const MAX_IMPORT_PAGES = 20_000;

/** OpenAPI: operations, and schema nodes visited per generated example or parameter table. */
export const MAX_OPERATIONS = 5000;
export const MAX_SCHEMA_DEPTH = 8;
export const MAX_SCHEMA_NODES_PER_OPERATION = 2000;
/** Schema nodes visited for the whole file (all operations together). */
export const MAX_SCHEMA_WORK = 5_000_000;

/** Titles ShowDoc cut to 50 characters; Folio keeps up to the page title limit. */
export const MAX_IMPORTED_TITLE_CHARS = 200;
/** Project names (item/add allows 100 characters). */
export const MAX_PROJECT_NAME_CHARS = 100;
