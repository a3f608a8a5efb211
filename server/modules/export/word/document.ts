import { Document, HeadingLevel, Packer, Paragraph, TextRun, type FileChild } from 'docx';
import { createParser } from '../../../../common/markdown/parser.js';
import { createSlugger } from '../../../../common/markdown/slug.js';
import type { RenderEnv } from '../../../../common/markdown/toc.js';
import type { Ctx } from '../../../context.js';
import type { Item } from '../../../db/content-tables.js';
import { pageBodies, type PageWithBody } from '../page-bodies.js';
import { pagesInOrder, type Outline, type OutlineCatalog, type PageHeader } from '../outline.js';
import { AttachmentImages, type EmbeddedImage } from './attachment-images.js';
import { headingLevel, imageSources, markdownBlocks, ORDERED_LIST, orderedLevels, type Block } from './markdown-blocks.js';
import { ChromiumMermaid } from './mermaid-chromium.js';
import { MermaidImages, mermaidSources } from './mermaid-images.js';
import { docxText } from './text.js';
import { siteOrigin } from '../../admin/setting-values.js';
import { jsonCodeBlock } from './json-block.js';
import { runApiWordBody } from './runapi-body.js';
import { sheetWordBody } from './sheet-body.js';

/**
 * A real .docx of an outline (showdoc-behaviour.md §8.2 gives the layout, not the format): the project
 * name as the title, then root pages and catalogs as numbered headings by depth (`1、`, `1.1、`, …), each
 * page's markdown below its heading. A single-page export carries no number, as in ShowDoc.
 */
export async function wordDocument(ctx: Ctx, item: Item, outline: Outline): Promise<Buffer> {
  const chromium = ctx.config.mermaidChromium;
  const diagrams = new MermaidImages(chromium ? new ChromiumMermaid(chromium) : null);
  try {
    return await writeDocument(ctx, item, outline, diagrams);
  } finally {
    await diagrams.close();
  }
}

async function writeDocument(ctx: Ctx, item: Item, outline: Outline, diagrams: MermaidImages): Promise<Buffer> {
  const parser = createParser();
  const images = new AttachmentImages(ctx, item.item_id);
  const bodies = new BodyCursor(pageBodies(ctx, item.item_id, pagesInOrder(outline)));
  const children: FileChild[] = [new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(docxText(item.item_name))] })];
  let listInstances = 0;
  const single = outline.catalogs.length === 0 && outline.rootPages.length === 1;

  const page = async (header: PageHeader, number: string, depth: number) => {
    const found = await bodies.take(header.page_id);
    if (!found) return;
    children.push(new Paragraph({ heading: headingLevel(depth), children: [new TextRun(docxText(`${number}${header.page_title}`))] }));
    const markdown = structuredBody(item, found.body, ctx.lang);
    const env: RenderEnv = { toc: [], features: { math: false, mermaid: false }, slug: createSlugger() };
    const tokens = parser.parse(markdown, env);
    const resolved = new Map<string, EmbeddedImage>();
    for (const src of imageSources(tokens)) {
      const image = resolved.has(src) ? null : await images.resolve(src);
      if (image) resolved.set(src, image);
    }
    const drawn = new Map<string, EmbeddedImage>();
    for (const source of mermaidSources(tokens)) {
      const image = drawn.has(source) ? null : await diagrams.resolve(source);
      if (image) drawn.set(source, image);
    }
    const blocks: Block[] = markdownBlocks(tokens, {
      headingDepth: depth,
      images: resolved,
      diagrams: drawn,
      lang: ctx.lang,
      siteUrl: (await siteOrigin(ctx)) || null,
      nextListInstance: () => ++listInstances,
    });
    children.push(...blocks);
  };

  const catalog = async (node: OutlineCatalog, prefix: string, depth: number) => {
    children.push(new Paragraph({ heading: headingLevel(depth), children: [new TextRun(docxText(`${prefix}、${node.catalog.cat_name}`))] }));
    let n = 0;
    for (const header of node.pages) await page(header, `${prefix}.${++n}、`, depth + 1);
    for (const child of node.children) await catalog(child, `${prefix}.${++n}`, depth + 1);
  };

  let n = 0;
  for (const header of outline.rootPages) await page(header, single ? '' : `${++n}、`, 1);
  for (const node of outline.catalogs) await catalog(node, String(++n), 1);

  const doc = new Document({
    creator: 'Folio',
    title: docxText(item.item_name),
    styles: {
      default: { document: { run: { font: 'Calibri', size: 22 } } },
    },
    numbering: {
      config: [
        { reference: ORDERED_LIST, levels: orderedLevels() },
      ],
    },
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}

/**
 * Pages of the structured project types hold JSON, not markdown: RunApi pages read as API pages,
 * spreadsheets as tables, the others (whiteboards, kanban) as a formatted code block rather than as
 * one long paragraph.
 */
function structuredBody(item: Item, body: string, lang: Ctx['lang']): string {
  switch (item.item_type) {
    case 3:
      return runApiWordBody(body, lang);
    case 4:
      return sheetWordBody(body);
    case 5:
    case 6:
      return jsonCodeBlock(body);
    default:
      return body;
  }
}

/** Walks the page bodies (read in batches, in outline order) alongside the outline; deleted pages are skipped. */
class BodyCursor {
  private lookahead: PageWithBody | null = null;
  private ended = false;

  constructor(private readonly source: AsyncGenerator<PageWithBody>) {}

  async take(pageId: number): Promise<PageWithBody | null> {
    if (!this.lookahead && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else this.lookahead = next.value;
    }
    if (this.lookahead?.header.page_id !== pageId) return null;
    const found = this.lookahead;
    this.lookahead = null;
    return found;
  }
}
