import { describe, expect, it } from 'vitest';
import { emptyRunApiDoc, parseRunApiDoc, runapiToMarkdown, tableCell } from './index.js';

function sampleDoc() {
  const doc = emptyRunApiDoc({ title: 'Create user', description: 'Creates a user', method: 'post', url: 'https://api.example.com/users?debug=1', apiStatus: '3', remark: 'Rate limited' });
  doc.request.query = [{ name: 'debug', value: '1', require: '0', type: 'integer', remark: 'verbose' }];
  doc.request.headers = [
    { name: 'Authorization', value: 'Bearer x', require: '1', type: 'string', remark: '' },
    { name: 'X-Hidden', value: '', require: '0', type: 'string', remark: '', disable: '1' },
  ];
  doc.request.pathVariable = [{ name: 'id', require: '1', type: 'string', remark: 'user id' }];
  doc.request.params.mode = 'json';
  doc.request.params.json = '{"name":"ann","tags":["a"]}';
  doc.request.params.jsonDesc = [{ name: 'name', require: '1', type: 'string', remark: 'login | display' }];
  doc.response.responseExample = '{"code":0}';
  doc.response.responseParamsDesc = [{ name: 'code', type: 'integer', remark: 'status\ncode' }];
  doc.response.responseFailExample = 'not json';
  doc.response.responseFailParamsDesc = [{ name: 'error', type: 'string', remark: '' }];
  return doc;
}

describe('runapiToMarkdown', () => {
  it('uses ShowDoc headings and tables in Chinese', () => {
    const md = runapiToMarkdown(sampleDoc(), 'zh');
    expect(md).toContain('##### 简要描述\n\n- Creates a user');
    expect(md).toContain('##### 接口状态\n\n- 已完成');
    // The query has its own table, so the URL loses its query string.
    expect(md).toContain('##### 请求URL\n\n- `https://api.example.com/users`');
    expect(md).toContain('##### 请求方式\n\n- POST');
    expect(md).toContain('##### 路径变量\n\n|变量名|必选|类型|说明|');
    expect(md).toContain('##### Header\n\n|参数名|示例值|必选|类型|说明|');
    expect(md).toContain('|Authorization|Bearer x|是|string|无|');
    expect(md).not.toContain('X-Hidden');
    expect(md).toContain('##### 请求Query参数\n\n|参数名|示例值|必选|类型|说明|');
    expect(md).toContain('|debug|1|否|integer|verbose|');
    expect(md).toContain('##### 请求参数示例\n\n```json\n{\n  "name": "ann"');
    expect(md).toContain('##### json字段说明\n\n|字段名|必选|类型|说明|');
    expect(md).toContain('|name|是|string|login \\| display|');
    expect(md).toContain('##### 成功返回示例\n\n```json\n{\n  "code": 0\n}\n```');
    expect(md).toContain('##### 成功返回示例的参数说明\n\n|参数名|类型|说明|');
    expect(md).toContain('|code|integer|status<br>code|');
    expect(md).toContain('##### 失败返回示例\n\n```\nnot json\n```');
    expect(md).toContain('##### 失败返回示例的参数说明');
    expect(md).toContain('##### 备注\n\nRate limited');
  });

  it('has the same layout in English', () => {
    const md = runapiToMarkdown(sampleDoc(), 'en');
    for (const heading of ['Description', 'Status', 'Request URL', 'Method', 'Path variables', 'Headers', 'Query parameters', 'Request example', 'JSON fields', 'Success response example', 'Success response parameters', 'Failure response example', 'Failure response parameters', 'Remarks']) {
      expect(md).toContain(`##### ${heading}\n`);
    }
    expect(md).toContain('- Done');
    expect(md).toContain('|Name|Example|Required|Type|Description|');
    expect(md).toContain('|Authorization|Bearer x|Yes|string|-|');
  });

  it('shows each status 1–5 and none for 0 or nonsense', () => {
    const names = ['Developing', 'Testing', 'Done', 'Needs change', 'Deprecated'];
    names.forEach((name, i) => expect(runapiToMarkdown(emptyRunApiDoc({ url: '/x', apiStatus: String(i + 1) }), 'en')).toContain(`##### Status\n\n- ${name}`));
    for (const status of ['0', '9', 'x', '']) expect(runapiToMarkdown(emptyRunApiDoc({ url: '/x', apiStatus: status }), 'en')).not.toContain('Status');
  });

  it('shows the body of a GET as its query, and a form body as a table', () => {
    const get = emptyRunApiDoc({ url: '/search', method: 'get' });
    get.request.params.urlencoded = [{ name: 'q', value: 'cat', require: '1', type: 'string' }];
    const md = runapiToMarkdown(get, 'en');
    expect(md).toContain('##### Query parameters');
    expect(md).not.toContain('##### Body parameters');
    const post = emptyRunApiDoc({ url: '/upload', method: 'post' });
    post.request.params.mode = 'formdata';
    post.request.params.formdata = [{ name: 'file', type: 'file', require: '1' }];
    expect(runapiToMarkdown(post, 'zh')).toContain('##### 请求Body参数\n\n|参数名|示例值|必选|类型|说明|\n|:---|:---|:---|:---|:---|\n|file||是|file|无|');
  });

  it('keeps markup in cells as text and fences that cannot be closed early', () => {
    expect(tableCell('<img src=x onerror=alert(1)> & |')).toBe('&lt;img src=x onerror=alert(1)&gt; &amp; \\|');
    const doc = emptyRunApiDoc({ url: 'http://h/a`b', description: '' });
    doc.response.responseExample = 'x ``` y';
    const md = runapiToMarkdown(doc, 'en');
    expect(md).toContain('- None');
    expect(md).toContain('- `` http://h/a`b ``');
    expect(md).toContain('````\nx ``` y\n````');
  });
});

describe('parseRunApiDoc', () => {
  it('reads stored RunApi JSON and fills what is missing', () => {
    const doc = parseRunApiDoc(JSON.stringify({ info: { url: '/a', method: 'put', apiStatus: 2 }, request: { headers: [{ name: 'h', require: 1 }, 'junk'] } }));
    expect(doc?.info.method).toBe('put');
    expect(doc?.info.apiStatus).toBe('2');
    expect(doc?.request.headers).toEqual([{ name: 'h', type: '', value: '', require: '1', remark: '' }]);
    expect(doc?.response.responseExample).toBe('');
  });

  it('answers null for anything that is not an API page', () => {
    for (const text of ['', 'hello', '[]', '{"info":{}}', '{"info":{"url":""}}', 'null']) expect(parseRunApiDoc(text)).toBeNull();
  });
});
