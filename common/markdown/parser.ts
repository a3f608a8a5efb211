import MarkdownIt, { type MarkdownIt as MarkdownItInstance } from 'markdown-it';
import { fenceLanguage, isMathFence, isMermaidFence } from './fences.js';
// The core and its languages load on demand (highlight.ts), so a fence highlights once its language is in.
import { highlighter } from './highlighter.js';
import { anchorsPlugin } from './plugins/anchors.js';
import { mathPlugin } from './plugins/math.js';
import { taskListsPlugin } from './plugins/task-lists.js';
import { renderEnv } from './toc.js';


/**
 * The one markdown-it setup of Folio (browser view, exports, search snippets). Raw HTML is parsed so
 * people can use the tags the sanitizer allows; the output is NOT safe until `sanitize` ran over it
 * (markdown-it keeps `onerror` and `<script>` in raw HTML as they are).
 */
export function createParser(): MarkdownItInstance {
  const md = new MarkdownIt('default', {
    html: true,
    linkify: true,
    // ShowDoc's editor (editor.md) turns a single newline into a line break; pages moved over expect it.
    breaks: true,
    typographer: false,
  });
  md.use(mathPlugin).use(taskListsPlugin).use(anchorsPlugin);

  const escape = md.utils.escapeHtml;
  md.renderer.rules.fence = (tokens, index, _options, env) => {
    const token = tokens[index];
    const content = token?.content ?? '';
    const language = fenceLanguage(token?.info ?? '');
    if (isMermaidFence(language)) {
      renderEnv(env).features.mermaid = true;
      return `<div class="md-mermaid">${escape(content)}</div>\n`;
    }
    if (isMathFence(language)) {
      renderEnv(env).features.math = true;
      return `<div class="md-math md-math-block">${escape(content)}</div>\n`;
    }
    return codeBlock(content, language, escape);
  };
  md.renderer.rules.code_block = (tokens, index) => codeBlock(tokens[index]?.content ?? '', '', escape);

  // Wide tables scroll inside the page instead of widening it (phones).
  md.renderer.rules.table_open = () => '<div class="md-table-wrap"><table>\n';
  md.renderer.rules.table_close = () => '</table></div>\n';
  return md;
}

function codeBlock(content: string, language: string, escape: (text: string) => string): string {
  const core = highlighter();
  const known = core !== null && language !== '' && core.getLanguage(language) !== undefined;
  const body = known ? core.highlight(content, { language, ignoreIllegals: true }).value : escape(content);
  const languageClass = /^[a-z0-9_+-]{1,30}$/.test(language) ? ` language-${language}` : '';
  return `<pre class="md-code"><code class="hljs${languageClass}">${body}</code></pre>\n`;
}
