import {
  AlignmentType,
  BorderStyle,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type IParagraphOptions,
  type ParagraphChild,
} from 'docx';
import type { Token } from 'markdown-it';
import { WORD_MAX_IMAGE_WIDTH } from '../limits.js';
import type { EmbeddedImage } from './attachment-images.js';
import { wordLabels, type WordLabels } from './labels.js';
import { displayMath, inlineMath } from './math.js';
import { fenceLanguage, isMathFence, isMermaidFence } from '../../../../common/markdown/fences.js';
import { docxText, safeLink } from './text.js';

/** Numbering definition of ordered lists, declared once in the document (document.ts). */
export const ORDERED_LIST = 'folio-ordered';
const MARK_COLOR = 'C00000';
export const CODE_FONT = 'Consolas';
const CODE_SHADING = { type: ShadingType.CLEAR, fill: 'F3F4F5', color: 'auto' };
const LINK_STYLE = { color: '0563C1', underline: {} };
const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6];

export function headingLevel(depth: number): (typeof HEADINGS)[number] {
  return HEADINGS[Math.min(Math.max(depth, 1), 6) - 1] ?? HeadingLevel.HEADING_6;
}

export type Block = Paragraph | Table;

export interface BlockOptions {
  /** Depth of the page's own heading: the page's `#` becomes the heading one below it. */
  headingDepth: number;
  /** Embeddable images by their address in the markdown (attachment-images.ts). */
  images: ReadonlyMap<string, EmbeddedImage>;
  siteUrl: string | null;
  /** A fresh instance number for each ordered list, so each starts again at its own start. */
  nextListInstance: () => number;
  /** Mermaid diagrams drawn as images, by their source (mermaid-images.ts); the others stay source. */
  diagrams?: ReadonlyMap<string, EmbeddedImage>;
  /** Language of the few words the export adds itself. */
  lang?: 'en' | 'zh';
}

/** Levels of an ordered list numbering definition, every level counting from `start`. */
export function orderedLevels(start = 1) {
  return Array.from({ length: 9 }, (_, level) => ({
    level,
    format: LevelFormat.DECIMAL,
    text: `%${level + 1}.`,
    start,
    alignment: AlignmentType.START,
    style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
  }));
}

interface Style {
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
}

interface Container {
  /** Nesting of lists at this point (0 = not in a list). */
  listDepth: number;
  quoteDepth: number;
  /**
   * Set by a list item; the item's first paragraph takes the bullet or number (a task item only an
   * indent: its checkbox is its marker), later ones are indented.
   */
  item: { marker: Pick<IParagraphOptions, 'bullet' | 'numbering' | 'indent'>; used: boolean } | null;
}

/** Image addresses in parsed markdown, to resolve before rendering (resolution reads storage). */
export function imageSources(tokens: Token[]): string[] {
  const out: string[] = [];
  for (const token of tokens) for (const child of token.children ?? []) if (child.type === 'image') out.push(String(child.attrGet('src') ?? ''));
  return out;
}

/**
 * Parsed markdown (markdown-it tokens of common/markdown/parser.ts) → Word paragraphs and tables:
 * headings, paragraphs with bold/italic/strike/code/links, nested bullet and numbered lists, tables,
 * code blocks, block quotes, rules and embedded images. Raw HTML is kept as the text it is, never
 * interpreted.
 */
export function markdownBlocks(tokens: Token[], options: BlockOptions): Block[] {
  let at = 0;
  const labels: WordLabels = wordLabels(options.lang ?? 'en');

  const blocksUntil = (close: string | null, container: Container): Block[] => {
    const out: Block[] = [];
    while (at < tokens.length) {
      const token = tokens[at] as Token;
      if (close !== null && token.type === close) {
        at += 1;
        return out;
      }
      out.push(...block(token, container));
    }
    return out;
  };

  const block = (token: Token, container: Container): Block[] => {
    switch (token.type) {
      case 'heading_open': {
        const inline = tokens[at + 1];
        at += 3;
        return [new Paragraph({ heading: headingLevel(options.headingDepth + Number(token.tag.slice(1))), children: runs(inline) })];
      }
      case 'paragraph_open': {
        const inline = tokens[at + 1];
        at += 3;
        return [new Paragraph({ ...paragraphLayout(container), children: runs(inline) })];
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        at += 1;
        const ordered = token.type === 'ordered_list_open';
        const level = container.listDepth;
        const instance = ordered ? options.nextListInstance() : 0;
        // `3. x` starts at 3: a list of another start is a numbering definition of its own.
        const start = ordered ? Number(token.attrGet('start') ?? 1) : 1;
        const reference = start === 1 ? ORDERED_LIST : { reference: `${ORDERED_LIST}-from-${start}`, levels: orderedLevels(start) };
        const out: Block[] = [];
        while (at < tokens.length && tokens[at]?.type !== (ordered ? 'ordered_list_close' : 'bullet_list_close')) {
          if (tokens[at]?.type !== 'list_item_open') {
            at += 1;
            continue;
          }
          const task = String(tokens[at]?.attrGet('class') ?? '').split(' ').includes('task-list-item');
          at += 1;
          const marker = task
            ? { indent: { left: 720 * (level + 1) } }
            : ordered
              ? { numbering: { reference, level: Math.min(level, 8), instance } }
              : { bullet: { level: Math.min(level, 8) } };
          out.push(...blocksUntil('list_item_close', { ...container, listDepth: level + 1, item: { marker, used: false } }));
        }
        at += 1;
        return out;
      }
      case 'blockquote_open':
        at += 1;
        return blocksUntil('blockquote_close', { ...container, quoteDepth: container.quoteDepth + 1 });
      case 'math_block':
        at += 1;
        return mathBlock(token.content, container);
      case 'fence': {
        at += 1;
        const language = fenceLanguage(token.info);
        if (isMathFence(language)) return mathBlock(token.content, container);
        if (isMermaidFence(language)) return mermaid(token.content, container);
        return [codeParagraph(token.content, container, false)];
      }
      case 'code_block':
      case 'html_block':
        at += 1;
        return [codeParagraph(token.content, container, token.type === 'html_block')];
      case 'hr':
        at += 1;
        return [new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'BBBBBB', space: 1 } }, children: [] })];
      case 'table_open':
        return [table(container)];
      default:
        at += 1;
        return [];
    }
  };

  const paragraphLayout = (container: Container): IParagraphOptions => {
    const layout: Record<string, unknown> = {};
    if (container.item && !container.item.used) {
      container.item.used = true;
      Object.assign(layout, container.item.marker);
    } else if (container.listDepth > 0) {
      layout.indent = { left: 720 * container.listDepth };
    }
    if (container.quoteDepth > 0) {
      layout.indent = { left: 567 * container.quoteDepth + 720 * container.listDepth };
      layout.border = { left: { style: BorderStyle.SINGLE, size: 12, color: 'CCCCCC', space: 8 } };
    }
    return layout as IParagraphOptions;
  };

  /** A display formula as Word math; one that cannot be converted stays visible as its marked source. */
  const mathBlock = (tex: string, container: Container): Block[] => {
    const math = displayMath(tex.trim());
    if (math) return [new Paragraph({ ...indentOnly(container), children: [math] })];
    return [markParagraph(labels.formulaSource, container), codeParagraph(tex, container, false)];
  };

  /** A mermaid diagram: its picture when one was drawn, else its source under a label that says so. */
  const mermaid = (source: string, container: Container): Block[] => {
    const drawn = options.diagrams?.get(source);
    if (drawn) return [new Paragraph({ ...indentOnly(container), children: [imageRun(drawn, labels.mermaidAlt)] })];
    return [markParagraph(labels.mermaidSource, container), codeParagraph(source, container, false)];
  };

  const indentOnly = (container: Container): IParagraphOptions => {
    const indent = 720 * container.listDepth + 567 * container.quoteDepth;
    return indent > 0 ? { indent: { left: indent } } : {};
  };

  const markParagraph = (label: string, container: Container): Paragraph =>
    new Paragraph({ ...indentOnly(container), keepNext: true, spacing: { before: 60, after: 0 }, children: [new TextRun({ text: label, italics: true, color: MARK_COLOR, size: 18 })] });

  const codeParagraph = (content: string, container: Container, rawHtml: boolean): Paragraph => {
    const lines = docxText(content.replace(/\n$/, '')).split('\n');
    const children = lines.map((line, index) => new TextRun({ text: line, font: CODE_FONT, size: 18, break: index === 0 ? 0 : 1 }));
    const indent = 720 * container.listDepth + 567 * container.quoteDepth;
    return new Paragraph({
      children,
      shading: rawHtml ? undefined : CODE_SHADING,
      indent: indent > 0 ? { left: indent } : undefined,
      spacing: { before: 60, after: 120 },
    });
  };

  const table = (container: Container): Table => {
    at += 1;
    const rows: { header: boolean; cells: { inline: Token | undefined; align: string | null }[] }[] = [];
    let current: (typeof rows)[number] | null = null;
    let inHead = false;
    while (at < tokens.length && tokens[at]?.type !== 'table_close') {
      const token = tokens[at] as Token;
      if (token.type === 'thead_open') inHead = true;
      else if (token.type === 'thead_close') inHead = false;
      else if (token.type === 'tr_open') current = { header: inHead, cells: [] };
      else if (token.type === 'tr_close' && current) rows.push(current);
      else if ((token.type === 'th_open' || token.type === 'td_open') && current) {
        const style = String(token.attrGet('style') ?? '');
        current.cells.push({ inline: tokens[at + 1], align: /text-align:(left|center|right)/.exec(style)?.[1] ?? null });
      }
      at += 1;
    }
    at += 1;
    const columns = Math.max(1, ...rows.map((r) => r.cells.length));
    const width = Math.floor((9000 - 720 * container.listDepth) / columns);
    return new Table({
      width: { size: width * columns, type: WidthType.DXA },
      columnWidths: Array.from({ length: columns }, () => width),
      rows: rows.map(
        (row) =>
          new TableRow({
            tableHeader: row.header,
            children: Array.from({ length: columns }, (_, index) => {
              const cell = row.cells[index];
              return new TableCell({
                width: { size: width, type: WidthType.DXA },
                shading: row.header ? { type: ShadingType.CLEAR, fill: 'E8EEF4', color: 'auto' } : undefined,
                children: [
                  new Paragraph({
                    alignment: cell?.align === 'center' ? AlignmentType.CENTER : cell?.align === 'right' ? AlignmentType.RIGHT : undefined,
                    children: runs(cell?.inline, row.header ? { bold: true } : {}),
                  }),
                ],
              });
            }),
          }),
      ),
    });
  };

  const runs = (inline: Token | undefined, base: Style = {}): ParagraphChild[] => {
    const out: ParagraphChild[] = [];
    const style: Style = { ...base };
    let link: { href: string; children: ParagraphChild[] } | null = null;
    const push = (child: ParagraphChild) => (link ? link.children.push(child) : out.push(child));
    const text = (content: string, extra: Record<string, unknown> = {}) =>
      push(new TextRun({ text: docxText(content), ...activeStyle(style), ...(link ? LINK_STYLE : {}), ...extra }));

    for (const child of inline?.children ?? []) {
      switch (child.type) {
        case 'text':
          text(child.content);
          break;
        case 'softbreak':
        case 'hardbreak':
          push(new TextRun({ text: '', break: 1 }));
          break;
        case 'code_inline':
          text(child.content, { font: CODE_FONT, shading: CODE_SHADING });
          break;
        case 'math_inline': {
          const math = inlineMath(child.content, child.markup === '$$');
          if (math) push(math);
          else text(`${labels.formulaInline}${child.markup}${child.content}${child.markup}`, { font: CODE_FONT, color: MARK_COLOR });
          break;
        }
        case 'strong_open':
        case 'strong_close':
          style.bold = child.type === 'strong_open' || base.bold === true;
          break;
        case 'em_open':
        case 'em_close':
          style.italics = child.type === 'em_open';
          break;
        case 's_open':
        case 's_close':
          style.strike = child.type === 's_open';
          break;
        case 'link_open': {
          const href = safeLink(String(child.attrGet('href') ?? ''), options.siteUrl);
          if (href) link = { href, children: [] };
          break;
        }
        case 'link_close':
          if (link) {
            const done: { href: string; children: ParagraphChild[] } = link;
            link = null;
            out.push(new ExternalHyperlink({ link: done.href, children: done.children }));
          }
          break;
        case 'image':
          image(child, push, text);
          break;
        case 'html_inline':
          text(checkbox(child.content) ?? child.content);
          break;
        default:
          if (child.content) text(child.content);
      }
    }
    if (link) out.push(...(link as { children: ParagraphChild[] }).children);
    return out;
  };

  const image = (token: Token, push: (child: ParagraphChild) => void, text: (content: string) => void) => {
    const src = String(token.attrGet('src') ?? '');
    const alt = docxText(token.content || (token.children ?? []).map((c) => c.content).join(''));
    const embedded = options.images.get(src);
    if (embedded) {
      push(imageRun(embedded, alt));
      return;
    }
    // Never fetched (security.md C17): the image stays what it is, a link.
    const href = safeLink(src, options.siteUrl);
    const label = alt || src;
    if (href) push(new ExternalHyperlink({ link: href, children: [new TextRun({ text: docxText(`[${label}]`), ...LINK_STYLE })] }));
    else text(`[${label}]`);
  };

  return blocksUntil(null, { listDepth: 0, quoteDepth: 0, item: null });
}

function imageRun(embedded: EmbeddedImage, alt: string): ImageRun {
  const scale = Math.min(1, WORD_MAX_IMAGE_WIDTH / embedded.width);
  return new ImageRun({
    type: embedded.type,
    data: embedded.data,
    transformation: { width: Math.max(1, Math.round(embedded.width * scale)), height: Math.max(1, Math.round(embedded.height * scale)) },
    altText: { name: alt || 'image', description: alt, title: alt },
  });
}

/** Only the flags that are on, so plain runs carry no `w:val="false"` noise. */
function activeStyle(style: Style): Style {
  const out: Style = {};
  if (style.bold) out.bold = true;
  if (style.italics) out.italics = true;
  if (style.strike) out.strike = true;
  return out;
}

/** The task-list plugin's checkbox, as a character. */
function checkbox(html: string): string | null {
  if (!html.startsWith('<input type="checkbox" class="task-list-item-checkbox"')) return null;
  return html.includes(' checked') ? '☒ ' : '☐ ';
}
