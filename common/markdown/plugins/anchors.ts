import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { renderEnv } from '../toc.js';

/** The words of a heading as a reader sees them: text and inline code, without markup or raw HTML. */
export function plainText(inline: Token | undefined): string {
  if (!inline?.children) return inline?.content ?? '';
  return inline.children
    .filter((child) => child.type === 'text' || child.type === 'code_inline' || child.type === 'math_inline')
    .map((child) => child.content)
    .join('')
    .trim();
}

/** Gives every heading a stable id and records it for the table of contents. */
export function anchorsPlugin(md: MarkdownIt): void {
  md.core.ruler.push('heading_anchors', (state: StateCore) => {
    const env = renderEnv(state.env);
    const tokens = state.tokens;
    for (let index = 0; index < tokens.length; index += 1) {
      const token = tokens[index];
      if (token?.type !== 'heading_open') continue;
      const text = plainText(tokens[index + 1]);
      const id = env.slug(text);
      token.attrSet('id', id);
      env.toc.push({ level: Number(token.tag.slice(1)), text, id });
    }
  });
}
