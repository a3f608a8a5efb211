import type { AiAdminConfig, AiInstructionName, AiStatus } from '../../common/answers/ai';
import { ADMIN_KEY } from './admin';
import { ApiCallError, apiPost, ClientErrorCode, type ApiParams } from './client';
import i18n, { currentLanguage } from '../i18n';

export type { AiAdminConfig, AiInstructionName, AiStatus };

/** The editor's AI assistant and its admin settings. The key goes to the server and never comes back. */
const silent = { silent: true } as const;

export const aiKeys = {
  /** Whether the editor shows the assistant (any logged-in person). */
  status: () => ['ai', 'status'] as const,
  /** The admin console's settings, under the console's key so one invalidation refreshes it. */
  adminConfig: () => [...ADMIN_KEY, 'ai'] as const,
};

export function fetchAiStatus(signal?: AbortSignal): Promise<AiStatus> {
  return apiPost<AiStatus>('ai/config', {}, { ...silent, signal });
}

export function fetchAiAdminConfig(signal?: AbortSignal): Promise<AiAdminConfig> {
  return apiPost<AiAdminConfig>('adminSetting/loadAiConfig', {}, { ...silent, signal });
}

export interface AiAdminSave {
  ai_open: boolean;
  open_ai_host: string;
  ai_model_name: string;
  ai_system_prompt: string;
  ai_max_message_length: number;
  ai_timeout: number;
  /** Empty keeps the key already stored. */
  open_ai_key: string;
  clear_key?: boolean;
}

export function saveAiAdminConfig(fields: AiAdminSave): Promise<AiAdminConfig> {
  return apiPost<AiAdminConfig>('adminSetting/saveAiConfig', { ...fields } satisfies ApiParams, silent);
}

export interface AiAsk {
  instruction: AiInstructionName;
  /** The person's own words (free instruction). */
  prompt: string;
  /** The selection, or the whole page. */
  content: string;
}

/** Splits server-sent events into their `data` payloads; the rest of an unfinished event is kept. */
export function readEvents(buffer: string): { events: { name: string; data: string }[]; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events = blocks.map((block) => {
    let name = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trim());
    }
    return { name, data: data.join('\n') };
  });
  return { events, rest };
}

/**
 * Asks `ai/create` with `stream=1` and hands each piece of the answer to `onText` as it arrives. A refusal
 * before the answer starts comes back as the usual envelope and is thrown as an ApiCallError.
 */
export async function streamAiAnswer(ask: AiAsk, onText: (piece: string) => void, signal: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/ai/create', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
        Accept: 'text/event-stream, application/json',
        'Accept-Language': currentLanguage(),
      },
      body: new URLSearchParams({ instruction: ask.instruction, prompt: ask.prompt, content: ask.content, stream: '1' }),
      credentials: 'same-origin',
      signal,
    });
  } catch {
    if (signal.aborted) throw new ApiCallError(ClientErrorCode.aborted, 'aborted', 'aborted');
    throw new ApiCallError(ClientErrorCode.network, i18n.t('api.network'), 'network');
  }
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream') || !response.body) {
    const body = (await response.json().catch(() => null)) as { error_code?: number; error_message?: string } | null;
    throw new ApiCallError(body?.error_code ?? ClientErrorCode.badResponse, body?.error_message ?? i18n.t('api.failed', { code: response.status }));
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      const read = readEvents(buffer + decoder.decode(value, { stream: true }));
      buffer = read.rest;
      for (const event of read.events) {
        if (event.data === '[DONE]') return;
        const data = JSON.parse(event.data) as { text?: string; message?: string };
        if (event.name === 'error') throw new ApiCallError(10101, data.message ?? i18n.t('ai.failed'));
        if (data.text) onText(data.text);
      }
    }
  } catch (error) {
    if (error instanceof ApiCallError) throw error;
    if (signal.aborted) throw new ApiCallError(ClientErrorCode.aborted, 'aborted', 'aborted');
    throw new ApiCallError(ClientErrorCode.network, i18n.t('api.network'), 'network');
  } finally {
    reader.releaseLock();
  }
}
