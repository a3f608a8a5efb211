import { Readable } from 'node:stream';
import type { AuthedCtx, Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { RawResponse } from '../../http/envelope.js';
import { DEFAULT_SYSTEM_PROMPT, userMessage, type AiInstruction } from './instructions.js';
import { readAiSettings } from './settings.js';
import { streamCompletion } from './upstream.js';

/** One SSE message; JSON keeps newlines in the text from ending the event. */
function sseEvent(data: { text: string } | { message: string }): string {
  return `data: ${JSON.stringify(data)}\n\n`;
}

export interface AiRequest {
  content: string;
  instruction: AiInstruction;
  prompt: string;
}

/** What the browser may know: whether to show the assistant and how much it may send. Never the key. */
export async function aiStatus(ctx: Ctx) {
  const settings = await readAiSettings(ctx.db);
  return { enabled: settings.enabled ? 1 : 0, max_length: settings.maxLength };
}

interface Started {
  first: IteratorResult<string>;
  pieces: AsyncGenerator<string>;
  /** Ends the upstream request (done, timed out or the browser went away). */
  stop(): void;
}

/**
 * `ai/create`: checks the request and waits for the first piece of the answer, so anything that goes
 * wrong before it (off, too long, upstream down, refused or slow) is an error envelope.
 */
async function startAnswer(ctx: AuthedCtx, input: AiRequest): Promise<Started> {
  const settings = await readAiSettings(ctx.db);
  if (!settings.enabled) throw new ApiError(10101, 'ai.off');
  const text = userMessage(input.instruction, input.prompt, input.content);
  if (!text.trim()) throw new ApiError(10101, 'ai.empty');
  if (input.content.length + input.prompt.length > settings.maxLength) throw new ApiError(10101, 'ai.tooLong', { max: String(settings.maxLength) });

  const messages = [
    { role: 'system' as const, content: settings.systemPrompt.trim() || DEFAULT_SYSTEM_PROMPT },
    { role: 'user' as const, content: text },
  ];
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), settings.timeoutSeconds * 1000);
  const stop = () => {
    clearTimeout(timer);
    abort.abort();
  };
  const pieces = streamCompletion(settings, messages, abort.signal);
  try {
    return { first: await pieces.next(), pieces, stop };
  } catch (err) {
    stop();
    throw err;
  }
}

/** Without `stream`: the whole answer in ShowDoc's shape (`choices[0].message.content`), as its clients expect. */
export async function wholeAnswer(ctx: AuthedCtx, input: AiRequest) {
  const { first, pieces, stop } = await startAnswer(ctx, input);
  let answer = first.done ? '' : first.value;
  try {
    for await (const piece of pieces) answer += piece;
  } finally {
    stop();
  }
  return { choices: [{ message: { role: 'assistant', content: answer } }] };
}

/**
 * With `stream=1` (Folio's editor): server-sent events as the model writes, `data: {"text":…}` then
 * `data: [DONE]`, or `event: error` when the upstream fails half-way. A browser that goes away stops the
 * request upstream too (the stream is destroyed, so the generator's finally runs).
 */
export async function streamedAnswer(ctx: AuthedCtx, input: AiRequest): Promise<RawResponse> {
  const { first, pieces, stop } = await startAnswer(ctx, input);
  async function* events(): AsyncGenerator<string> {
    try {
      if (!first.done) yield sseEvent({ text: first.value });
      for await (const piece of pieces) yield sseEvent({ text: piece });
      yield 'data: [DONE]\n\n';
    } catch (err) {
      const message = (err instanceof ApiError ? err : new ApiError(10101, 'ai.unreachable')).textIn(ctx.lang);
      yield `event: error\n${sseEvent({ message })}`;
    } finally {
      stop();
    }
  }
  // Compression and proxies leave text/event-stream unbuffered, so pieces arrive as they are written.
  return new RawResponse('text/event-stream; charset=utf-8', Readable.from(events()), {
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // nginx would otherwise hold the answer back until it is complete.
    'x-accel-buffering': 'no',
  });
}
