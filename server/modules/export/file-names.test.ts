import { describe, expect, it } from 'vitest';
import { FolderNames, sanitizeName } from './file-names.js';
import { attachmentSign } from './word/attachment-images.js';
import { imageFacts } from './word/image-size.js';
import { PNG } from '../../test/upload-helpers.js';

describe('sanitizeName (showdoc-behaviour.md §8.1)', () => {
  it.each([
    ['v1.2', 'v1_2'],
    ['a__..b', 'a_b'],
    ['  ..hidden.  ', 'hidden'],
    ['aux', 'aux_'],
    ['LPT1', 'LPT1_'],
    ['con.txt', 'con_txt'],
    ['', '未命名'],
    ['///', '未命名'],
    ['安装指南', '安装指南'],
  ])('%j → %j', (title, name) => expect(sanitizeName(title)).toBe(name));

  it('keeps names within 200 characters and 240 bytes, without splitting a character', () => {
    expect([...sanitizeName('é'.repeat(300))].length).toBeLessThanOrEqual(200);
    const cjk = sanitizeName('汉'.repeat(300));
    expect(Buffer.byteLength(cjk)).toBeLessThanOrEqual(240);
    expect(cjk).toBe('汉'.repeat(80));
    const emoji = sanitizeName('😀'.repeat(100));
    expect(emoji).toBe('😀'.repeat(60));
  });

  it('numbers duplicates in one folder, case-insensitively, files and folders apart', () => {
    const names = new FolderNames();
    expect(['Intro', 'intro', 'Intro', 'Intro_1'].map((t) => names.claim(t, '.md'))).toEqual(['Intro.md', 'intro_1.md', 'Intro_2.md', 'Intro_1_1.md']);
    expect(names.claim('Intro')).toBe('Intro');
  });
});

describe('attachmentSign', () => {
  const sign = 'a1'.repeat(32);
  it.each([
    [`/server/index.php?s=/api/attachment/visitFile&sign=${sign}`, sign],
    [`https://docs.example.com/server/index.php?s=/api/attachment/visitFile/sign/${sign}`, sign],
    [`/api/common/visitFile?sign=${sign}#x`, sign],
    [`/server/index.php?s=/api/attachment/visitFile&sign=${sign}&x=1`, sign],
    [`http://127.0.0.1/x.png?sign=${sign}`, null],
    [`/api/attachment/visitFile?sign=../../etc`, null],
    ['data:image/png;base64,AAAA', null],
  ])('%s', (src, expected) => expect(attachmentSign(src)).toBe(expected));
});

describe('imageFacts reads the format and size from the bytes', () => {
  it('PNG, GIF, BMP and JPEG', () => {
    expect(imageFacts(PNG)).toEqual({ type: 'png', width: 1, height: 1 });
    const gif = Buffer.from('474946383961' + '0300' + '0200' + '000000', 'hex');
    expect(imageFacts(gif)).toEqual({ type: 'gif', width: 3, height: 2 });
    const bmp = Buffer.alloc(30);
    bmp.write('BM', 0, 'latin1');
    bmp.writeInt32LE(7, 18);
    bmp.writeInt32LE(-5, 22);
    expect(imageFacts(bmp)).toEqual({ type: 'bmp', width: 7, height: 5 });
    const jpeg = Buffer.from('ffd8' + 'ffe0' + '0004' + '0000' + 'ffc0' + '0011' + '08' + '0020' + '0040' + '03' + '00'.repeat(12), 'hex');
    expect(imageFacts(jpeg)).toEqual({ type: 'jpg', width: 64, height: 32 });
  });

  it('refuses what is not an image, or an absurd size', () => {
    expect(imageFacts(Buffer.from('<svg/>'))).toBeNull();
    expect(imageFacts(Buffer.from('ffd8ffe0ffff', 'hex'))).toBeNull();
    const huge = Buffer.from(PNG);
    huge.writeUInt32BE(1_000_000, 16);
    expect(imageFacts(huge)).toBeNull();
  });
});
