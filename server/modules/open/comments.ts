import { emptyRunApiDoc, type RunApiDoc, type RunApiParam } from '../../../common/runapi/index.js';

/**
 * ShowDoc's "documents from code comments" (reference §6.15): every `/** … *\/` block that mentions
 * `showdoc` and has an `@title` becomes one API page. Pure text work: nothing here is executed.
 *
 * ```
 * /**
 *  * showdoc
 *  * @catalog 用户相关/登录
 *  * @title 用户登录
 *  * @method post
 *  * @url https://api.example.com/user/login
 *  * @param username 必选 string 用户名
 *  * @return {"error_code":0}
 *  * @return_param uid string 用户id
 *  * @number 99
 *  *\/
 * ```
 */
export interface CommentPage {
  /** Catalog path, top level first ([] = the project's root). */
  catalog: string[];
  title: string;
  /** `@number`; absent when the block gives none (or no number). */
  sNumber?: number;
  doc: RunApiDoc;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#039;': "'", '&#39;': "'" };

/**
 * What ShowDoc does to `content` before reading it: PHP's htmlspecialchars_decode (one pass, so `&amp;lt;`
 * becomes `&lt;`), then the shell script's stand-in for `&` back to `&`.
 */
export function decodeCommentContent(content: string): string {
  return content.replace(/&(?:amp|lt|gt|quot|#0?39);/g, (entity) => ENTITIES[entity] ?? entity).replaceAll('_this_and_change_', '&');
}

/** The `/** … *\/` blocks that ShowDoc turns into pages: those with both `@title` and the word `showdoc`. */
export function showdocBlocks(content: string): string[] {
  const blocks = content.match(/\/\*\*[\s\S]*?\*\//g) ?? [];
  return blocks.filter((block) => block.includes('@title') && block.includes('showdoc'));
}

/**
 * A single-line tag: the rest of the line after its first occurrence, trimmed; '' when absent. Unlike
 * ShowDoc, `@return` does not match the start of `@return_param`, so the two may come in any order.
 */
export function singleLineTag(block: string, tag: string): string {
  const match = new RegExp(`@${tag}(?![\\w-])([^\\n]*)`).exec(block);
  return match?.[1]?.replace(/\*\/\s*$/, '').trim() ?? '';
}

/**
 * A multi-line tag (`@param`, `@header`, `@return_param`): every occurrence, split on whitespace after
 * the tag, as ShowDoc splits the block on `@`. The leading `*` of the next comment line is noise that
 * falls after the fields ShowDoc reads.
 */
export function multiLineTag(block: string, tag: string): string[][] {
  const rows: string[][] = [];
  for (const piece of block.replace(/\*\/\s*$/, '').split('@')) {
    const words = piece.trim().split(/\s+/);
    if (words[0] === tag) rows.push(words.slice(1).filter((w) => w !== '*'));
  }
  return rows;
}

// ShowDoc's keyword is 必选; `required` is Folio's English one, so the English interface's sample needs no Chinese.
const isRequired = (word: string | undefined) => (word === '必选' || word?.toLowerCase() === 'required' ? '1' : '0');

/** `@param name 必选 type remark` / `@header …`: one remark word, as ShowDoc keeps. */
function paramRow(words: string[]): RunApiParam {
  return { name: words[0] ?? '', type: words[2] ?? 'string', value: '', require: isRequired(words[1]), remark: words[3] ?? '' };
}

/** One block → one page, or null when it has no title after all. */
export function parseCommentBlock(block: string): CommentPage | null {
  const title = singleLineTag(block, 'title');
  if (!title) return null;
  const method = (singleLineTag(block, 'method') || 'get').toLowerCase();
  const doc = emptyRunApiDoc({
    title,
    description: singleLineTag(block, 'description'),
    method,
    url: singleLineTag(block, 'url'),
    remark: singleLineTag(block, 'remark'),
  });
  doc.request.params.mode = 'formdata';
  doc.request.headers = multiLineTag(block, 'header').map(paramRow);

  const params = multiLineTag(block, 'param').map(paramRow);
  const jsonParam = singleLineTag(block, 'json_param');
  if (jsonParam) {
    doc.request.params.mode = 'json';
    doc.request.params.json = jsonParam;
    doc.request.params.jsonDesc = params;
  } else if (method === 'get') {
    doc.request.query = params;
    // ShowDoc writes the query into the URL too: `?a=&b=&`.
    if (params.length) doc.info.url += (doc.info.url.includes('?') ? '&' : '?') + params.map((p) => `${p.name}=&`).join('');
  } else {
    doc.request.params.formdata = params;
  }

  doc.response.responseExample = singleLineTag(block, 'return');
  doc.response.responseParamsDesc = multiLineTag(block, 'return_param').map((words) => ({ name: words[0] ?? '', type: words[1] ?? '', value: '', remark: words[2] ?? '' }));

  const catalog = singleLineTag(block, 'catalog')
    .split('/')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const number = /^\d{1,9}$/.test(singleLineTag(block, 'number')) ? Number(singleLineTag(block, 'number')) : undefined;
  return { catalog, title, ...(number !== undefined ? { sNumber: number } : {}), doc };
}

/** Every page the content describes, in the order of the blocks. */
export function parseComments(content: string): CommentPage[] {
  return showdocBlocks(decodeCommentContent(content))
    .map(parseCommentBlock)
    .filter((page): page is CommentPage => page !== null);
}
