import { MAX_ARGUMENT_ITEMS, MAX_ARGUMENTS, MAX_ARGUMENTS_LENGTH } from './limits.js';

/** A placeholder argument: a literal, never an expression. */
export type Literal = string | number | boolean | null | Literal[];

export type ArgumentsParse =
  | { readonly ok: true; readonly args: Literal[]; readonly end: number }
  | { readonly ok: false; readonly stop: number };

/**
 * Mock.js hands the text between the parentheses to `eval`, which is how a JSON-valid template ran code in
 * ShowDoc's Node service (security.md §1.18a). Here the text is read by a small grammar that knows numbers,
 * quoted strings, booleans, null and arrays of those, and nothing else.
 *
 * Mock.js falls back to splitting unparseable arguments at commas, so templates in the wild write bare words
 * such as `@date(yyyy-MM-dd)` or `@string(lower, 5)`. A bare word is accepted as a string only when it holds
 * letters, digits, spaces and `_-.:#/%+`; anything else (`=`, `(`, quotes, `;`…) fails the whole placeholder,
 * which then stays in the output as written.
 */
export function parseArguments(text: string, start: number): ArgumentsParse {
  return new ArgumentReader(text, start).readAll();
}

const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const KEYWORD = /true|false|null|undefined/y;
const BARE_WORD = /^[\p{L}\p{N}_\-.:#/%+ ]+$/u;
const MAX_ARRAY_NESTING = 3;

class Failure {
  constructor(readonly stop: number) {}
}

class ArgumentReader {
  private position: number;
  private readonly limit: number;

  constructor(
    private readonly text: string,
    start: number,
  ) {
    this.position = start;
    // Reading stops here, so one placeholder costs at most this much work however long the string is.
    this.limit = Math.min(text.length, start + MAX_ARGUMENTS_LENGTH);
  }

  readAll(): ArgumentsParse {
    try {
      const args: Literal[] = [];
      this.skipSpaces();
      if (this.peek() === ')') return { ok: true, args, end: this.position + 1 };
      for (;;) {
        if (args.length >= MAX_ARGUMENTS) this.fail();
        args.push(this.readArgument());
        this.skipSpaces();
        const next = this.peek();
        this.position++;
        if (next === ')') return { ok: true, args, end: this.position };
        if (next !== ',') this.fail();
        this.skipSpaces();
      }
    } catch (error) {
      if (error instanceof Failure) return { ok: false, stop: error.stop };
      throw error;
    }
  }

  private readArgument(): Literal {
    const start = this.position;
    const literal = this.tryLiteral(0);
    if (literal !== undefined) {
      this.skipSpaces();
      const next = this.peek();
      if (next === ',' || next === ')') return literal;
    }
    this.position = start;
    return this.readBareWord();
  }

  /** A bare word runs to the next comma or closing parenthesis at this level. */
  private readBareWord(): string {
    const start = this.position;
    while (this.position < this.limit) {
      const c = this.text[this.position];
      if (c === ',' || c === ')') break;
      this.position++;
    }
    if (this.position >= this.limit) this.fail();
    const word = this.text.slice(start, this.position).trim();
    if (!BARE_WORD.test(word)) this.fail();
    return word;
  }

  /** Returns undefined when the text here is not a literal (so a bare word may be tried instead). */
  private tryLiteral(nesting: number): Literal | undefined {
    const c = this.peek();
    if (c === '"' || c === "'") return this.readQuoted(c);
    if (c === '[') return this.readArray(nesting);
    KEYWORD.lastIndex = this.position;
    const keyword = KEYWORD.exec(this.text);
    if (keyword && !this.isWordCharacter(this.position + keyword[0].length)) {
      this.position += keyword[0].length;
      if (keyword[0] === 'true') return true;
      if (keyword[0] === 'false') return false;
      return null;
    }
    NUMBER.lastIndex = this.position;
    const number = NUMBER.exec(this.text);
    if (number && this.position + number[0].length <= this.limit) {
      const value = Number(number[0]);
      if (!Number.isFinite(value)) return undefined;
      this.position += number[0].length;
      return value;
    }
    return undefined;
  }

  private readQuoted(quote: string): string {
    let value = '';
    this.position++;
    while (this.position < this.limit) {
      const c = this.text[this.position++];
      if (c === quote) return value;
      if (c !== '\\') {
        value += c;
        continue;
      }
      const escaped = this.text[this.position++];
      if (escaped === undefined) break;
      if (escaped === 'n') value += '\n';
      else if (escaped === 't') value += '\t';
      else if (escaped === 'r') value += '\r';
      else if (escaped === 'u' && /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.position, this.position + 4))) {
        value += String.fromCharCode(parseInt(this.text.slice(this.position, this.position + 4), 16));
        this.position += 4;
      } else value += escaped;
    }
    return this.fail();
  }

  private readArray(nesting: number): Literal[] {
    if (nesting >= MAX_ARRAY_NESTING) this.fail();
    const items: Literal[] = [];
    this.position++;
    this.skipSpaces();
    if (this.peek() === ']') {
      this.position++;
      return items;
    }
    for (;;) {
      if (items.length >= MAX_ARGUMENT_ITEMS) this.fail();
      const item = this.tryLiteral(nesting + 1);
      if (item === undefined) this.fail();
      items.push(item);
      this.skipSpaces();
      const next = this.peek();
      this.position++;
      if (next === ']') return items;
      if (next !== ',') this.fail();
      this.skipSpaces();
    }
  }

  private peek(): string | undefined {
    return this.position < this.limit ? this.text[this.position] : undefined;
  }

  private isWordCharacter(index: number): boolean {
    return index < this.limit && /[\w$]/.test(this.text[index] ?? '');
  }

  private skipSpaces(): void {
    while (this.position < this.limit && /\s/.test(this.text[this.position] ?? '')) this.position++;
  }

  private fail(): never {
    throw new Failure(Math.min(this.position, this.text.length));
  }
}
