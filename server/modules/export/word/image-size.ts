/** The raster formats a .docx can embed, as the docx library names them. */
export type EmbeddableType = 'png' | 'jpg' | 'gif' | 'bmp';

export interface ImageFacts {
  type: EmbeddableType;
  width: number;
  height: number;
}

const MAX_SIDE = 100_000;

/**
 * Format and size of an image, read from its own bytes (never from the name or the stored type). Null
 * for anything that is not a well-formed PNG, JPEG, GIF or BMP header.
 */
export function imageFacts(data: Buffer): ImageFacts | null {
  const facts = png(data) ?? gif(data) ?? bmp(data) ?? jpeg(data);
  if (!facts || facts.width < 1 || facts.height < 1 || facts.width > MAX_SIDE || facts.height > MAX_SIDE) return null;
  return facts;
}

function png(d: Buffer): ImageFacts | null {
  if (d.length < 24 || d.readUInt32BE(0) !== 0x89504e47 || d.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { type: 'png', width: d.readUInt32BE(16), height: d.readUInt32BE(20) };
}

function gif(d: Buffer): ImageFacts | null {
  if (d.length < 10 || !/^GIF8[79]a$/.test(d.toString('latin1', 0, 6))) return null;
  return { type: 'gif', width: d.readUInt16LE(6), height: d.readUInt16LE(8) };
}

function bmp(d: Buffer): ImageFacts | null {
  if (d.length < 26 || d.toString('latin1', 0, 2) !== 'BM') return null;
  return { type: 'bmp', width: Math.abs(d.readInt32LE(18)), height: Math.abs(d.readInt32LE(22)) };
}

function jpeg(d: Buffer): ImageFacts | null {
  if (d.length < 4 || d[0] !== 0xff || d[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < d.length) {
    if (d[at] !== 0xff) return null;
    const marker = d[at + 1] ?? 0;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = d.readUInt16BE(at + 2);
    // Start-of-frame markers (not DHT c4, JPG c8, DAC cc) carry the size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { type: 'jpg', height: d.readUInt16BE(at + 5), width: d.readUInt16BE(at + 7) };
    }
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}
