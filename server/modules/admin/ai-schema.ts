import { z } from 'zod';
import { zFlag, zInt, zText } from '../../http/fields.js';
import { AI_LIMITS } from '../ai/settings.js';

export const SaveAiConfig = z.object({
  ai_open: zFlag.default(false),
  open_ai_host: zText(500).default(''),
  open_ai_key: zText(500).default(''),
  clear_key: zFlag.default(false),
  ai_model_name: zText(200).default(''),
  ai_system_prompt: zText(4000).default(''),
  ai_max_message_length: zInt(AI_LIMITS.maxLength.min, AI_LIMITS.maxLength.max).default(AI_LIMITS.maxLength.default),
  ai_timeout: zInt(AI_LIMITS.timeoutSeconds.min, AI_LIMITS.timeoutSeconds.max).default(AI_LIMITS.timeoutSeconds.default),
});
