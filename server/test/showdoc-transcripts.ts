import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The exchanges recorded against ShowDoc 3.9.2 (shared/reference/showdoc-transcripts): each file holds
 * one curl command line, the status and headers of the answer and its raw body. Parsed here so a test
 * can make the same requests against Folio.
 */
export interface Transcript {
  /** The file name without `.txt`, e.g. `16_page_save_new`. */
  name: string;
  /** What the recording says it does (the first comment line). */
  title: string;
  method: 'GET' | 'POST';
  /** The path and query as curl sent them, without the host. */
  url: string;
  /** `--data-urlencode` pairs in order; sent as a form body on POST, appended to the query with `-G`. */
  params: Array<[string, string]>;
  /** A `--data-raw` JSON body, if any. */
  rawBody: string | null;
  headers: Record<string, string>;
  status: number;
  contentType: string;
  location: string | null;
  /** The parsed JSON body, or null when the answer was not JSON (images, pages, redirects). */
  body: unknown;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const TRANSCRIPT_DIR = path.resolve(here, '../../../shared/reference/showdoc-transcripts');

export function loadTranscripts(dir = TRANSCRIPT_DIR): Transcript[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => parseTranscript(f.replace(/\.txt$/, ''), fs.readFileSync(path.join(dir, f), 'utf8')))
    .sort((a, b) => recordedOrder(a.name) - recordedOrder(b.name) || a.name.localeCompare(b.name));
}

/**
 * The files sort by name, except that `09a` (the captcha that `09` answers) was recorded before `09`.
 * Numbers with a letter otherwise follow their number (`50` logs out, `50a` and `50b` log in again).
 */
function recordedOrder(name: string): number {
  const m = /^(\d+)([a-z]?)_/.exec(name);
  const n = Number(m?.[1] ?? 0);
  const letter = m?.[2] ?? '';
  if (name.startsWith('09a_')) return n - 0.5;
  return n + (letter ? (letter.charCodeAt(0) - 96) / 10 : 0);
}

export function parseTranscript(name: string, text: string): Transcript {
  const title = (/^# [^:]+: (.*)$/m.exec(text)?.[1] ?? '').trim();
  const commandStart = text.indexOf('\n$ ');
  const statusStart = text.indexOf('--- response status / headers ---');
  const bodyStart = text.indexOf('--- response body (raw, exactly as received) ---');
  if (commandStart < 0 || statusStart < 0 || bodyStart < 0) throw new Error(`${name}: not a transcript`);
  const command = text.slice(commandStart + 3, statusStart).trim();
  const head = text.slice(statusStart, bodyStart).split('\n').slice(1);
  const afterBody = text.slice(bodyStart).split('\n').slice(1);
  const prettyAt = afterBody.findIndex((l) => l.startsWith('--- response body (pretty-printed)'));
  const rawBody = (prettyAt < 0 ? afterBody : afterBody.slice(0, prettyAt)).join('\n').trim();

  const status = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
  const header = (h: string) => head.find((l) => l.toLowerCase().startsWith(`${h}:`))?.slice(h.length + 1).trim() ?? null;
  return { name, title, ...parseCurl(command), status, contentType: header('content-type') ?? '', location: header('location'), body: parseJson(rawBody) };
}

/** The answer's body as JSON, or null for images, pages and empty bodies. */
function parseJson(raw: string): unknown {
  try {
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

type CurlParts = Pick<Transcript, 'method' | 'url' | 'params' | 'rawBody' | 'headers'>;

function parseCurl(command: string): CurlParts {
  const words = shellWords(command);
  if (words[0] !== 'curl') throw new Error(`not a curl command: ${command.slice(0, 40)}`);
  const parts: CurlParts = { method: 'POST', url: '', params: [], rawBody: null, headers: {} };
  let get = false;
  let explicit: string | null = null;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    const next = () => words[++i] ?? '';
    if (w === '-s') continue;
    else if (w === '-G') get = true;
    else if (w === '-X') explicit = next();
    else if (w === '-o' || w === '-w') next();
    else if (w === '-H') {
      const h = next();
      const colon = h.indexOf(':');
      parts.headers[h.slice(0, colon).trim().toLowerCase()] = h.slice(colon + 1).trim();
    } else if (w === '--data-urlencode') {
      const pair = next();
      const eq = pair.indexOf('=');
      parts.params.push([pair.slice(0, eq), pair.slice(eq + 1)]);
    } else if (w === '--data-raw') parts.rawBody = next();
    else if (!w.startsWith('-')) parts.url = w.replace(/^https?:\/\/[^/]+/, '');
    else throw new Error(`unknown curl option ${w}`);
  }
  const hasBody = parts.params.length > 0 || parts.rawBody !== null;
  parts.method = get || (!explicit && !hasBody) ? 'GET' : 'POST';
  return parts;
}

/** POSIX shell words: single quotes literal, double quotes with backslash escapes, `'"'"'` joins. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] ?? '';
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word += line.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '"') {
      i++;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\' && i + 1 < line.length) i++;
        word += line[i];
        i++;
      }
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}
