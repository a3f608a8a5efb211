/**
 * Word files are built in memory by the docx library (its object tree, then the zip), so a Word export
 * is capped; the markdown zip streams and has no such cap (security.md F8).
 */
export const WORD_MAX_PAGES = 3000;
/**
 * Characters of markdown in one Word export. Measured (scripts/bench-export.ts): 3.6 MB of markdown
 * in 3,000 pages took about 280 MB of memory and 4 s to build, so 4 MB stays near 320 MB.
 */
export const WORD_MAX_CHARS = 4 * 1024 * 1024;
/** Word files built at the same time in this process, whoever asks. */
export const WORD_MAX_CONCURRENT = 2;
/** One embedded image, and all embedded images of one export; beyond these images stay links. */
export const WORD_MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const WORD_MAX_IMAGES_BYTES = 64 * 1024 * 1024;
/** Widest an embedded image is drawn, in pixels at 96 dpi (the text width of an A4 page). */
export const WORD_MAX_IMAGE_WIDTH = 600;

/** Page bodies read from the database per query while exporting: at most this many pages … */
export const BATCH_PAGES = 100;
/** … and about this many characters, so a batch of huge pages stays small in memory. */
export const BATCH_CHARS = 4 * 1024 * 1024;
