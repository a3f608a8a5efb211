import { z } from 'zod';
import { int, text } from '../wire.js';

/** The editor's AI assistant and its settings (server/modules/ai, server/modules/admin/ai-*.ts). */

/** `ai/config`: whether the editor shows the assistant, and how many characters it may send. */
export const AiStatus = z.object({ enabled: int(), max_length: int() });
export type AiStatus = z.infer<typeof AiStatus>;

/** `adminSetting/loadAiConfig|saveAiConfig`: the key itself never comes back, only whether one is set. */
export const AiAdminConfig = z.object({
  ai_open: int(),
  open_ai_host: text(),
  ai_model_name: text(),
  ai_system_prompt: text(),
  ai_max_message_length: int(),
  ai_timeout: int(),
  key_set: int(),
});
export type AiAdminConfig = z.infer<typeof AiAdminConfig>;

/** `adminSetting/getLoginSecretKey|resetLoginSecretKey|saveLoginSecretKeySettings`. */
export const LoginSecretKey = z.object({ login_secret_key: text(), create_user: int() });
export type LoginSecretKey = z.infer<typeof LoginSecretKey>;

/** `ai/create` without `stream`: ShowDoc's shape. */
export const AiAnswer = z.object({ choices: z.array(z.object({ message: z.object({ role: text(), content: text() }) })) });
export type AiAnswer = z.infer<typeof AiAnswer>;

export const AI_INSTRUCTION_NAMES = ['continue', 'summarize', 'translate_en', 'translate_zh', 'api_doc', 'free'] as const;
export type AiInstructionName = (typeof AI_INSTRUCTION_NAMES)[number];
