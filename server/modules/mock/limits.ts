/**
 * Hard limits of the mock template engine. A mock is served to anyone who knows its key or path, without
 * login, so one template must never be able to cost the server more than a small, fixed amount of time and
 * memory (security.md rule 10, test E6).
 */

/** Templates are stored in a 2000-character column in ShowDoc; 200 KB leaves room for imports and big examples. */
export const MAX_TEMPLATE_BYTES = 200 * 1024;

/** The generated JSON (UTF-8) may not exceed 1 MB; a larger result is refused, not cut, so a client never parses half a document. */
export const MAX_OUTPUT_BYTES = 1024 * 1024;

/** `"list|1000000000": [1]` asks for a billion copies; counts above this are lowered to it. */
export const MAX_REPEAT = 1000;

/** Objects and arrays may nest this deep in the template; deeper templates are refused. */
export const MAX_DEPTH = 20;

/**
 * Units of work per render: one per template node visited, per repetition and per placeholder. It bounds the
 * templates whose output stays small but whose loops are large (`"a|1000":[{"b|1000":[{"s|1000":""}]}]`).
 */
export const MAX_STEPS = 500_000;

/**
 * Wall-clock backstop. The limits above keep the costliest 1 MB templates at roughly 40–90 ms on a warm
 * two-core build machine, and a realistic 1000-record list at ~15 ms warm (~50 ms on the first, cold render).
 * On a slower or busier machine this stops a render rather than let one request hold the event loop longer.
 */
export const MAX_RENDER_MS = 100;

/** One placeholder produces at most this many characters (`@string(99999999)` is lowered to it). */
export const MAX_GENERATED_LENGTH = 10_000;

/** Placeholder arguments: their text, how many there are, and how many items an array argument may hold. */
export const MAX_ARGUMENTS_LENGTH = 2000;
export const MAX_ARGUMENTS = 8;
export const MAX_ARGUMENT_ITEMS = 1000;
