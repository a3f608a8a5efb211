import { ApiError } from '../../http/api-error.js';
import type { AiSettings } from './settings.js';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/**
 * Where the chat completions live. Admins paste a base URL the way each vendor documents it:
 * `https://api.openai.com/v1`, `http://localhost:11434/v1` (Ollama), ShowDoc's bare host
 * `https://api.openai.com`, or Azure's full deployment URL with its `api-version`.
 */
export function completionsUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ApiError(10101, 'ai.badUrl');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ApiError(10101, 'ai.badUrl');
  const path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith('/chat/completions')) return url;
  url.pathname = /\/v\d+$|\/openai$|\/deployments\/[^/]+$/.test(path) ? `${path}/chat/completions` : `${path}/v1/chat/completions`;
  return url;
}

function headersFor(url: URL, apiKey: string): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (!apiKey) return headers;
  // Azure OpenAI reads the key from `api-key`; everyone else from the Bearer header.
  if (url.hostname.endsWith('.azure.com')) headers['api-key'] = apiKey;
  else headers.authorization = `Bearer ${apiKey}`;
  return headers;
}

/**
 * Asks the endpoint with `stream: true` and yields the answer's text as it arrives. Errors before the
 * first piece are ApiErrors the caller turns into the envelope; the key never appears in them.
 */
export async function* streamCompletion(settings: AiSettings, messages: ChatMessage[], signal: AbortSignal): AsyncGenerator<string> {
  const url = completionsUrl(settings.baseUrl);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: headersFor(url, settings.apiKey),
      body: JSON.stringify({ model: settings.model, messages, stream: true }),
      signal,
      redirect: 'error',
    });
  } catch {
    throw new ApiError(10101, signal.aborted ? 'ai.timeout' : 'ai.unreachable');
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    throw new ApiError(10101, 'ai.upstreamError', { status: String(response.status) });
  }
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r?\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const piece = pieceOf(line);
        if (piece === null) return;
        if (piece) yield piece;
      }
    }
    const last = pieceOf(buffer);
    if (last) yield last;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(10101, signal.aborted ? 'ai.timeout' : 'ai.unreachable');
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** The text of one SSE line: '' for lines without text, null at `[DONE]`. */
function pieceOf(line: string): string | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith('data:')) return '';
  const data = trimmed.slice(5).trim();
  if (data === '[DONE]') return null;
  try {
    const event = JSON.parse(data) as { choices?: { delta?: { content?: unknown }; message?: { content?: unknown } }[] };
    const choice = event.choices?.[0];
    const content = choice?.delta?.content ?? choice?.message?.content;
    return typeof content === 'string' ? content : '';
  } catch {
    return '';
  }
}
