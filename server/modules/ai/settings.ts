import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { readOptions } from '../common/options.js';

/** The assistant's settings as the server uses them; the key stays on the server. */
export interface AiSettings {
  enabled: boolean;
  /** Base URL of an OpenAI-compatible API ('' = not set). */
  baseUrl: string;
  apiKey: string;
  model: string;
  systemPrompt: string;
  /** Most characters sent in one request (ShowDoc's `ai_max_message_length`). */
  maxLength: number;
  /** Seconds the whole answer may take. */
  timeoutSeconds: number;
}

export const AI_LIMITS = {
  maxLength: { min: 100, max: 100_000, default: 8000 },
  timeoutSeconds: { min: 1, max: 600, default: 120 },
} as const;

export const DEFAULT_MODEL = 'gpt-4o-mini';

function bounded(raw: string | undefined, range: { min: number; max: number; default: number }): number {
  const n = raw !== undefined && /^\d{1,9}$/.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isFinite(n) && n >= range.min && n <= range.max ? n : range.default;
}

/**
 * ShowDoc kept the endpoint under two generations of names (`open_ai_host`/`open_ai_key`, earlier
 * `open_api_host`/`open_api_key`); an imported site keeps working with either. Without Folio's own
 * on/off switch, the assistant is on when an endpoint is set, as ShowDoc showed it.
 */
export async function readAiSettings(db: Kysely<DB>): Promise<AiSettings> {
  const o = await readOptions(db, [
    'ai_open',
    'open_ai_host',
    'open_ai_key',
    'open_api_host',
    'open_api_key',
    'ai_model_name',
    'ai_system_prompt',
    'ai_max_message_length',
    'ai_timeout',
  ]);
  const baseUrl = (o.open_ai_host || o.open_api_host || '').trim();
  const apiKey = (o.open_ai_key || o.open_api_key || '').trim();
  const switchedOn = o.ai_open === undefined ? baseUrl !== '' || apiKey !== '' : o.ai_open === '1';
  return {
    enabled: switchedOn && (baseUrl !== '' || apiKey !== ''),
    baseUrl: baseUrl || 'https://api.openai.com/v1',
    apiKey,
    model: (o.ai_model_name ?? '').trim() || DEFAULT_MODEL,
    systemPrompt: o.ai_system_prompt ?? '',
    maxLength: bounded(o.ai_max_message_length, AI_LIMITS.maxLength),
    timeoutSeconds: bounded(o.ai_timeout, AI_LIMITS.timeoutSeconds),
  };
}
