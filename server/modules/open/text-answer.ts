import type { z } from 'zod';
import type { Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { RawResponse } from '../../http/envelope.js';

/**
 * `open/fromComments` and `open/updateDbItem` answer plain text, as ShowDoc's shell scripts expect
 * (reference §2.4): they print the answer and look for 成功. Folio adds the reason after a failure on its
 * own line, so a CI log says what went wrong.
 */
export interface TextAnswers {
  success: string;
  failure: string;
}

/** ShowDoc's text for a wrong key, whatever the language. */
const KEY_MISMATCH = '\napi_key或者api_token不匹配\n\n';

const text = (body: string) => new RawResponse('text/plain; charset=utf-8', body);

/** Runs the work and turns its outcome into ShowDoc's text; unexpected errors still reach the error handler. */
export async function answerText(ctx: Ctx, answers: TextAnswers, work: () => Promise<void>): Promise<RawResponse> {
  try {
    await work();
    return text(answers.success);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === 10306) return text(KEY_MISMATCH);
    return text(`${answers.failure}${error.textIn(ctx.lang)}\n`);
  }
}

/** The text endpoints take any parameters through the router and check them here, so bad input is answered in text too. */
export function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw new ApiError(10100, 'input.invalid', { field: parsed.error.issues[0]?.path.join('.') || 'body' });
  return parsed.data;
}
