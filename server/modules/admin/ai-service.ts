import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { ApiError } from '../../http/api-error.js';
import { readOptions, writeOptions } from '../common/options.js';
import { readAiSettings } from '../ai/settings.js';
import { completionsUrl } from '../ai/upstream.js';

/** The admin console's view of the assistant: everything but the key, of which only "is one set". */
export interface AiAdminConfig {
  ai_open: number;
  open_ai_host: string;
  ai_model_name: string;
  ai_system_prompt: string;
  ai_max_message_length: number;
  ai_timeout: number;
  key_set: number;
}

export interface AiAdminSave {
  ai_open: boolean;
  open_ai_host: string;
  ai_model_name: string;
  ai_system_prompt: string;
  ai_max_message_length: number;
  ai_timeout: number;
  /** Empty keeps the stored key, so the console never needs to hold it. */
  open_ai_key: string;
  clear_key: boolean;
}

export async function loadAiConfig(db: Kysely<DB>): Promise<AiAdminConfig> {
  const s = await readAiSettings(db);
  const o = await readOptions(db, ['open_ai_host', 'open_api_host', 'ai_model_name']);
  return {
    ai_open: s.enabled ? 1 : 0,
    open_ai_host: (o.open_ai_host || o.open_api_host || '').trim(),
    ai_model_name: (o.ai_model_name ?? '').trim(),
    ai_system_prompt: s.systemPrompt,
    ai_max_message_length: s.maxLength,
    ai_timeout: s.timeoutSeconds,
    key_set: s.apiKey ? 1 : 0,
  };
}

export async function saveAiConfig(db: Kysely<DB>, input: AiAdminSave): Promise<AiAdminConfig> {
  const host = input.open_ai_host.trim();
  if (host) completionsUrl(host);
  const values: Parameters<typeof writeOptions>[1] = {
    ai_open: input.ai_open ? '1' : '0',
    open_ai_host: host,
    ai_model_name: input.ai_model_name.trim(),
    ai_system_prompt: input.ai_system_prompt,
    ai_max_message_length: String(input.ai_max_message_length),
    ai_timeout: String(input.ai_timeout),
  };
  // ShowDoc's older names would otherwise still answer for an endpoint the admin has just changed.
  values.open_api_host = '';
  if (input.clear_key) {
    values.open_ai_key = '';
    values.open_api_key = '';
  } else if (input.open_ai_key.trim()) {
    values.open_ai_key = input.open_ai_key.trim();
    values.open_api_key = '';
  }
  if (input.ai_open && !host && !input.open_ai_key.trim() && !(await readAiSettings(db)).apiKey) throw new ApiError(10101, 'ai.badUrl');
  await writeOptions(db, values);
  return loadAiConfig(db);
}
