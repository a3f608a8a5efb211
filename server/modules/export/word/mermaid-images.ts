import type { Token } from 'markdown-it';
import type { EmbeddedImage } from './attachment-images.js';
import { fenceLanguage, isMermaidFence } from '../../../../common/markdown/fences.js';
import { imageFacts } from './image-size.js';
import type { DiagramRenderer } from './mermaid-chromium.js';

/** Diagrams drawn in one export at most; the rest stay source (each takes a browser's time). */
const MAX_DIAGRAMS = 100;
/** mermaid's own default limit of a diagram's text, as the reader sets it. */
const MAX_SOURCE = 50_000;

/** Sources of the ```mermaid fences in parsed markdown, to draw before rendering. */
export function mermaidSources(tokens: Token[]): string[] {
  return tokens.filter((t) => t.type === 'fence' && isMermaidFence(fenceLanguage(t.info))).map((t) => t.content);
}

/**
 * The diagrams of one export as images, drawn by a renderer when one is configured. The picture is drawn
 * at twice its size for sharpness and placed at its own size. Null (the diagram stays its marked source)
 * without a renderer, past the limits, or when drawing fails.
 */
export class MermaidImages {
  private readonly cache = new Map<string, EmbeddedImage | null>();
  private drawn = 0;

  constructor(private readonly renderer: DiagramRenderer | null) {}

  async resolve(source: string): Promise<EmbeddedImage | null> {
    if (!this.renderer || source.length > MAX_SOURCE) return null;
    if (this.cache.has(source)) return this.cache.get(source) ?? null;
    if (this.drawn >= MAX_DIAGRAMS) return null;
    this.drawn += 1;
    const png = await this.renderer.render(source);
    const facts = png ? imageFacts(png) : null;
    const image = png && facts ? { ...facts, width: Math.max(1, Math.round(facts.width / 2)), height: Math.max(1, Math.round(facts.height / 2)), data: png } : null;
    this.cache.set(source, image);
    return image;
  }

  async close(): Promise<void> {
    await this.renderer?.close();
  }
}
