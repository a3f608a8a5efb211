/**
 * ShowDoc's whiteboard is a fabric.js 4 canvas saved as JSON. This reads the simple objects (shapes,
 * lines, pen paths, text, groups) into plain shape descriptions a React SVG can draw, without loading
 * fabric.js: a preview, not an editor. Images are never fetched (their `src` may point anywhere), and
 * colours are kept only when they are plain colour values.
 */

export type Shape =
  | { kind: 'rect'; width: number; height: number; rx: number; ry: number }
  | { kind: 'ellipse'; rx: number; ry: number }
  | { kind: 'polygon'; points: string; closed: boolean }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number }
  | { kind: 'path'; d: string; offsetX: number; offsetY: number }
  | { kind: 'text'; lines: string[]; fontSize: number; lineHeight: number; fontWeight: string; fontStyle: string }
  | { kind: 'image'; width: number; height: number }
  | { kind: 'group'; children: Drawn[] };

export interface Drawn {
  shape: Shape;
  /** SVG transform placing the object's local box (0,0)–(width,height). */
  transform: string;
  fill: string;
  stroke: string;
  strokeWidth: number;
  opacity: number;
}

export interface Preview {
  width: number;
  height: number;
  objects: Drawn[];
}

type Json = Record<string, unknown>;

const MAX_OBJECTS = 5000;
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.\s,%]+\)|hsla?\(\s*[\d.\s,%deg]+\)|[a-z]{3,20})$/i;

function num(value: unknown, fallback = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function color(value: unknown): string {
  return typeof value === 'string' && COLOR.test(value.trim()) ? value.trim() : 'none';
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ORIGIN: Record<string, number> = { left: 0, top: 0, center: 0.5, right: 1, bottom: 1 };

/** Fabric places an object by its origin point and rotates it around that point. */
function transformOf(o: Json, width: number, height: number): string {
  const ox = ORIGIN[String(o.originX)] ?? 0;
  const oy = ORIGIN[String(o.originY)] ?? 0;
  const sx = num(o.scaleX, 1) * (o.flipX === true ? -1 : 1);
  const sy = num(o.scaleY, 1) * (o.flipY === true ? -1 : 1);
  return `translate(${num(o.left)} ${num(o.top)}) rotate(${num(o.angle)}) scale(${sx} ${sy}) translate(${-ox * width} ${-oy * height})`;
}

/** Path commands as fabric stores them ([["M",x,y],["Q",…]…]) and the smallest x and y they reach. */
function pathOf(commands: unknown[]): { d: string; minX: number; minY: number } | null {
  let d = '';
  let minX = Infinity;
  let minY = Infinity;
  for (const command of commands) {
    if (!Array.isArray(command) || typeof command[0] !== 'string' || !/^[MLQCZHVSTA]$/i.test(command[0])) return null;
    const args = command.slice(1).map((v) => num(v));
    const letter = command[0].toUpperCase();
    // Absolute end points only: curves stay near them (control points pull far beyond the drawn line),
    // and arcs and H/V carry other arguments.
    if ('MLQCST'.includes(letter) && command[0] === letter && args.length >= 2) {
      minX = Math.min(minX, args.at(-2) ?? 0);
      minY = Math.min(minY, args.at(-1) ?? 0);
    }
    d += `${command[0]}${args.join(' ')} `;
  }
  return { d: d.trim(), minX: Number.isFinite(minX) ? minX : 0, minY: Number.isFinite(minY) ? minY : 0 };
}

function readObject(o: Json, budget: { left: number }): Drawn | null {
  if (budget.left <= 0) return null;
  budget.left -= 1;
  if (o.visible === false) return null;
  const type = String(o.type ?? '').toLowerCase();
  const width = num(o.width);
  const height = num(o.height);
  const strokeWidth = num(o.strokeWidth, 1);
  const base = { transform: transformOf(o, width, height), fill: color(o.fill), stroke: color(o.stroke), strokeWidth, opacity: num(o.opacity, 1) };
  let shape: Shape | null = null;
  switch (type) {
    case 'rect':
      shape = { kind: 'rect', width, height, rx: num(o.rx), ry: num(o.ry) };
      break;
    case 'circle':
    case 'ellipse': {
      const rx = type === 'circle' ? num(o.radius, width / 2) : num(o.rx, width / 2);
      const ry = type === 'circle' ? rx : num(o.ry, height / 2);
      shape = { kind: 'ellipse', rx, ry };
      break;
    }
    case 'triangle':
      shape = { kind: 'polygon', points: `${width / 2},0 ${width},${height} 0,${height}`, closed: true };
      break;
    case 'line':
      shape = { kind: 'line', x1: num(o.x1) + width / 2, y1: num(o.y1) + height / 2, x2: num(o.x2) + width / 2, y2: num(o.y2) + height / 2 };
      break;
    case 'polyline':
    case 'polygon': {
      const points = Array.isArray(o.points) ? o.points.filter(isObject).map((p) => ({ x: num(p.x), y: num(p.y) })) : [];
      const minX = Math.min(...points.map((p) => p.x), Infinity);
      const minY = Math.min(...points.map((p) => p.y), Infinity);
      const dx = Number.isFinite(minX) ? minX - strokeWidth / 2 : 0;
      const dy = Number.isFinite(minY) ? minY - strokeWidth / 2 : 0;
      shape = { kind: 'polygon', points: points.map((p) => `${p.x - dx},${p.y - dy}`).join(' '), closed: type === 'polygon' };
      break;
    }
    case 'path': {
      const path = Array.isArray(o.path) ? pathOf(o.path) : null;
      if (path) shape = { kind: 'path', d: path.d, offsetX: -(path.minX - strokeWidth / 2), offsetY: -(path.minY - strokeWidth / 2) };
      break;
    }
    case 'text':
    case 'i-text':
    case 'textbox': {
      const text = typeof o.text === 'string' ? o.text : '';
      shape = {
        kind: 'text',
        lines: text.split('\n').slice(0, 500),
        fontSize: num(o.fontSize, 40),
        lineHeight: num(o.lineHeight, 1.16),
        fontWeight: String(o.fontWeight ?? 'normal'),
        fontStyle: String(o.fontStyle ?? 'normal'),
      };
      break;
    }
    case 'image':
      shape = { kind: 'image', width, height };
      break;
    case 'group': {
      const children = (Array.isArray(o.objects) ? o.objects : [])
        .filter(isObject)
        .map((child) => readObject(child, budget))
        .filter((child): child is Drawn => child !== null);
      // A group's children are placed relative to the group's centre.
      shape = { kind: 'group', children: children.map((child) => ({ ...child, transform: `translate(${width / 2} ${height / 2}) ${child.transform}` })) };
      break;
    }
    default:
      return null;
  }
  return shape ? { ...base, shape } : null;
}

/** The canvas size ShowDoc saved, or the extent of the objects. */
function sizeOf(doc: Json, objects: Json[]): { width: number; height: number } {
  const size = isObject(doc.__canvasSize) ? doc.__canvasSize : null;
  if (size && num(size.width) > 0 && num(size.height) > 0) return { width: num(size.width), height: num(size.height) };
  let width = 800;
  let height = 600;
  for (const o of objects) {
    width = Math.max(width, num(o.left) + num(o.width) * num(o.scaleX, 1) + 20);
    height = Math.max(height, num(o.top) + num(o.height) * num(o.scaleY, 1) + 20);
  }
  return { width: Math.min(width, 20000), height: Math.min(height, 20000) };
}

/** null when the content is not a fabric canvas; a preview with no objects for an empty one. */
export function readWhiteboard(content: string): Preview | null {
  if (content.trim() === '') return { width: 800, height: 600, objects: [] };
  let doc: unknown;
  try {
    doc = JSON.parse(content);
  } catch {
    return null;
  }
  if (!isObject(doc) || !Array.isArray(doc.objects)) return null;
  const objects = doc.objects.filter(isObject);
  const budget = { left: MAX_OBJECTS };
  return {
    ...sizeOf(doc, objects),
    objects: objects.map((o) => readObject(o, budget)).filter((o): o is Drawn => o !== null),
  };
}
