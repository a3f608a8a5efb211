import { z } from 'zod';
import { int, text } from '../wire.js';

/**
 * Answers of ShowDoc features Folio has switched off (server/modules/compat/; showdoc-behaviour.md
 * §6.1, §6.18, §11; transcripts 62 and 65). ShowDoc computes these in PHP, so they are numbers and
 * booleans on both kinds of URL.
 */

/** `publicSquare/checkEnabled`: always `{enable: 0}`. */
export const PublicSquareState = z.object({ enable: int() });
export type PublicSquareState = z.infer<typeof PublicSquareState>;

/** `agent/config`: the AI assistant, always off; `can_edit` and `is_guest` describe the caller. */
export const AgentConfig = z.object({
  enabled: z.boolean(),
  welcome_message: text(),
  can_edit: z.boolean(),
  /** ShowDoc's names: regular, single_page, runapi, table, whiteboard, kanban. */
  item_type: text(),
  is_guest: z.boolean(),
  dialog_collapsed: int(),
});
export type AgentConfig = z.infer<typeof AgentConfig>;

/** `item/getAiConfig`, `item/getAiKnowledgeBaseConfig`: ShowDoc's `ai_config`, always off. */
export const AiConfig = z.object({
  enabled: int(),
  dialog_collapsed: int(),
  guest_enabled: int(),
  welcome_message: text(),
  system_prompt: text(),
});
export type AiConfig = z.infer<typeof AiConfig>;

/** `user/getPushUrl`: always `''` (Folio keeps no push URL). */
export const PushUrl = z.object({ push_url: text() });
export type PushUrl = z.infer<typeof PushUrl>;
