import { AI_INSTRUCTION_NAMES, type AiInstructionName } from '../../../common/answers/ai.js';

/** What the editor may ask for; the words sent to the model are the server's, not the browser's. */
export const AI_INSTRUCTIONS = AI_INSTRUCTION_NAMES;
export type AiInstruction = AiInstructionName;

const PROMPTS: Record<Exclude<AiInstruction, 'free'>, string> = {
  continue: 'Continue writing the following markdown document in the same language, tone and format. Answer with the continuation only.',
  summarize: 'Summarise the following markdown text in its own language, as a short markdown list of the key points.',
  translate_en: 'Translate the following markdown text into English. Keep the markdown formatting, code blocks and links unchanged.',
  translate_zh: 'Translate the following markdown text into Simplified Chinese. Keep the markdown formatting, code blocks and links unchanged.',
  api_doc:
    'Write API documentation in markdown for the following JSON (a request or response example): a short description, a table of the fields with their type and meaning, and the example in a json code block.',
};

export const DEFAULT_SYSTEM_PROMPT = 'You are a helpful assistant for writing technical documentation in markdown.';

/** The user message: the chosen instruction (or the person's own words) followed by their text. */
export function userMessage(instruction: AiInstruction, prompt: string, content: string): string {
  const ask = instruction === 'free' ? prompt.trim() : PROMPTS[instruction];
  if (!content.trim()) return ask;
  return ask ? `${ask}\n\n---\n\n${content}` : content;
}
