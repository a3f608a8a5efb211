import { z } from 'zod';
import { noInput, zFlag, zText } from '../../http/fields.js';
import { AI_INSTRUCTIONS } from './instructions.js';

/** The hard cap of the edge; the admin's `ai_max_message_length` (at most this) is checked in the service. */
export const AI_CONTENT_CAP = 100_000;

export const AiCreate = z.object({
  content: zText(AI_CONTENT_CAP).default(''),
  instruction: z.enum(AI_INSTRUCTIONS).default('free'),
  prompt: zText(2000).default(''),
  stream: zFlag.default(false),
});

export const AiConfigInput = noInput;
