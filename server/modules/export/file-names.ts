/**
 * Names of the files and folders of a markdown export (showdoc-behaviour.md §8.1, security.md C16, J1):
 * whatever a title holds, the name is one safe path component that unpacks the same on Windows, macOS
 * and Linux, and two pages never get the same name.
 */

const FALLBACK = '未命名';
const MAX_CHARS = 200;
/** Most file systems allow 255 bytes per name; room is left for `_NN` and `.md`. */
const MAX_BYTES = 240;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9]|conin\$|conout\$)$/i;

/** ShowDoc's rule: unsafe characters become `_`, runs of `_` and `.` collapse to one `_`, ends trimmed. */
export function sanitizeName(title: string): string {
  let name = title
    // Control characters, path and shell characters, and bidirectional overrides (a name must not
    // be able to display as something else, like `…\u202Edm.exe`).
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed or looked for
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '_')
    .replace(/[_.]{2,}|\./g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^[\s_]+|[\s_]+$/g, '');
  name = truncate(name);
  if (name === '') return FALLBACK;
  if (WINDOWS_RESERVED.test(name)) name += '_';
  return name;
}

function truncate(name: string): string {
  const chars = [...name].slice(0, MAX_CHARS);
  while (Buffer.byteLength(chars.join(''), 'utf8') > MAX_BYTES) chars.pop();
  return chars.join('').replace(/[\s_]+$/, '');
}

/**
 * Hands out unique names inside one folder: the second `Intro.md` becomes `Intro_1.md`. Names are
 * compared case-insensitively, as Windows and macOS compare them.
 */
export class FolderNames {
  private readonly taken = new Set<string>();

  claim(title: string, extension = ''): string {
    const base = sanitizeName(title);
    for (let n = 0; ; n++) {
      const name = `${n === 0 ? base : `${base}_${n}`}${extension}`;
      const key = name.normalize('NFC').toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return name;
      }
    }
  }
}
