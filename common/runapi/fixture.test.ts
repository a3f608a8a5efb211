import { describe, expect, it } from 'vitest';
import { unescapeEntities } from '../html-entities.js';
import pages from './fixtures/team-site-runapi-pages.json' with { type: 'json' };
import { displayUrl, methodLabel, parseRunApiDoc, requestRows, runapiToMarkdown } from './index.js';

/** The RunApi project of the ShowDoc 3.9.2 fixture (team-site, item 700560890), content as ShowDoc stored it. */
const [goods, order] = pages;

describe('RunApi pages written by ShowDoc 3.9.2', () => {
  it('reads both pages, escaped as stored and unescaped as Folio stores them', () => {
    for (const page of [goods, order]) {
      if (!page) throw new Error('fixture page missing');
      const stored = parseRunApiDoc(page.page_content);
      const raw = parseRunApiDoc(unescapeEntities(page.page_content));
      expect(stored).not.toBeNull();
      expect(raw).toEqual(stored);
      expect(raw?.info.title).toBe(page.page_title);
    }
  });

  it('renders the GET page with its query table, header and response descriptions (zh)', () => {
    const doc = parseRunApiDoc(unescapeEntities(goods?.page_content ?? ''));
    if (!doc) throw new Error('not parsed');
    expect(methodLabel(doc)).toBe('GET');
    expect(displayUrl(doc)).toBe('https://api.example.com/v1/goods');
    expect(requestRows(doc).query.map((r) => r.name)).toEqual(['page', 'keyword']);
    const md = runapiToMarkdown(doc, 'zh');
    expect(md).toContain('##### 简要描述\n\n- 商品分页列表');
    expect(md).toContain('##### 接口状态\n\n- 已完成');
    expect(md).toContain('|Authorization|Bearer {{token}}|是|string|登录令牌|');
    expect(md).toContain('|keyword|手机|是|string|关键词|');
    expect(md).toContain('|error_code|int|0 表示成功|');
    expect(md).toContain('##### 失败返回示例\n\n```json\n{\n  "error_code": 10101');
    // Form mode: the JSON body text the client also kept is not shown.
    expect(md).not.toContain('请求参数示例');
  });

  it('renders the POST page with its JSON body and field descriptions (en)', () => {
    const doc = parseRunApiDoc(unescapeEntities(order?.page_content ?? ''));
    if (!doc) throw new Error('not parsed');
    const md = runapiToMarkdown(doc, 'en', { withoutHead: true, headingLevel: 2 });
    expect(md).not.toContain('Request URL');
    expect(md).toContain('## Request example\n\n```json\n{\n  "goods_id": "1",\n  "num": "2"\n}\n```');
    expect(md).toContain('## JSON fields\n\n|Field|Required|Type|Description|');
    expect(md).toContain('|goods_id|Yes|int|商品ID|');
  });
});

describe('parseRunApiDoc with odd and hostile input', () => {
  it('takes PHP index-keyed rows, booleans and numbers', () => {
    const doc = parseRunApiDoc(
      JSON.stringify({
        info: { url: 'https://h/x', method: 'POST', apiStatus: 4, type: 'api' },
        request: { params: { mode: 'urlencoded', urlencoded: { 0: { name: 'a', require: true, value: 5 }, 3: { name: 'b', require: 'false' } } } },
      }),
    );
    expect(doc?.request.params.urlencoded).toEqual([
      { name: 'a', type: '', value: '5', require: '1', remark: '' },
      { name: 'b', type: '', value: '', require: '0', remark: '' },
    ]);
    expect(runapiToMarkdown(doc!, 'en')).toContain('- Needs change');
  });

  it('takes `params` as a bare row list and a response example stored as an object', () => {
    const doc = parseRunApiDoc(JSON.stringify({ info: { url: '/old', method: 'post' }, request: { params: [{ name: 'x', remark: 'legacy' }] }, response: { responseExample: { ok: 1 } } }));
    expect(doc?.request.params.mode).toBe('urlencoded');
    expect(doc?.request.params.urlencoded[0]?.remark).toBe('legacy');
    expect(doc?.response.responseExample).toBe('{\n  "ok": 1\n}');
  });

  it('accepts a page the RunApi client saved before a URL was typed', () => {
    const doc = parseRunApiDoc('{"info":{"title":"draft","url":""},"request":{}}');
    expect(doc?.info.title).toBe('draft');
    expect(runapiToMarkdown(doc!, 'en')).toContain('- ``');
  });

  it('names websocket and sse pages by their kind', () => {
    expect(methodLabel(parseRunApiDoc('{"info":{"url":"wss://h/ws","type":"websocket"}}')!)).toBe('WebSocket');
    expect(methodLabel(parseRunApiDoc('{"info":{"url":"https://h/ev","type":"SSE"}}')!)).toBe('SSE');
    expect(parseRunApiDoc('{"info":{"url":"/x","type":"gopher"}}')?.info.type).toBe('api');
  });

  it('never throws, whatever the text', () => {
    const deep = '{"info":{"url":"/x"},"request":' + '['.repeat(5000) + ']'.repeat(5000) + '}';
    const hostile = [
      deep,
      '{"info":{"url":"/x"},"request":{"params":{"mode":{"a":1},"json":[1,2],"jsonDesc":"x"},"headers":null,"query":7}}',
      '{"__proto__":{"polluted":1},"info":{"url":"/x","__proto__":{"method":"x"}}}',
      '{"info":{"url":{"nested":true}},"request":[]}',
      '{"info":"text","request":{}}',
      '{&quot;info&quot;:{&quot;url&quot;:&quot;/e&quot;}}',
      '\u0000{',
      '{"info":{"url":"/x","method":null,"title":1e400}}',
    ];
    for (const text of hostile) {
      expect(() => parseRunApiDoc(text)).not.toThrow();
      const doc = parseRunApiDoc(text);
      if (doc) expect(() => runapiToMarkdown(doc, 'zh')).not.toThrow();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parseRunApiDoc(hostile[5]!)?.info.url).toBe('/e');
    expect(parseRunApiDoc(hostile[7]!)?.info.method).toBe('get');
  });

  it('keeps markup in parameter names and descriptions as text', () => {
    const doc = parseRunApiDoc(JSON.stringify({ info: { url: '/x', method: 'get' }, request: { query: [{ name: '<script>alert(1)</script>', remark: '<img src=x onerror=alert(1)>' }] } }));
    const md = runapiToMarkdown(doc!, 'en');
    expect(md).not.toContain('<script>');
    expect(md).not.toContain('<img');
  });
});
