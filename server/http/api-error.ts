import { errorTexts, type ErrorCodeValue } from '../../common/errors.js';
import { serverMessages, type ServerMessageKey } from '../../common/server-messages.js';
import type { Lang } from './language.js';

/** The one error type services throw; the dispatcher turns it into the envelope. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    readonly messageKey?: ServerMessageKey,
    readonly params: Record<string, string> = {},
    /** ShowDoc answers business errors with HTTP 200; a few transport errors use real statuses. */
    readonly httpStatus = 200,
  ) {
    super(messageKey ?? `error ${code}`);
  }

  textIn(lang: Lang): string {
    const text = this.messageKey ? serverMessages[this.messageKey] : errorTexts[this.code];
    return fill(text[lang], this.params);
  }
}

function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
