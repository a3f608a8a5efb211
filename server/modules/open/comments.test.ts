import { describe, expect, it } from 'vitest';
import { runapiToMarkdown } from '../../../common/runapi/index.js';
import { decodeCommentContent, multiLineTag, parseComments, singleLineTag } from './comments.js';

const LOGIN = `
/**
 * showdoc
 * @catalog 用户相关/登录
 * @title 用户登录
 * @description 用户登录的接口
 * @method post
 * @url https://api.example.com/user/login
 * @header token 可选 string 设备token
 * @param username 必选 string 用户名
 * @param password 必选 string 密码 later words dropped
 * @return {"error_code":0,"data":{"uid":"1"}}
 * @return_param uid string 用户id
 * @remark 备注
 * @number 7
 */
function login() {}
`;

describe('parseComments', () => {
  it('reads every tag of ShowDoc’s format into a RunApi document', () => {
    const [page] = parseComments(LOGIN);
    expect(page).toMatchObject({ catalog: ['用户相关', '登录'], title: '用户登录', sNumber: 7 });
    const doc = page?.doc;
    expect(doc?.info).toMatchObject({ title: '用户登录', description: '用户登录的接口', method: 'post', url: 'https://api.example.com/user/login', remark: '备注' });
    expect(doc?.request.headers).toEqual([{ name: 'token', type: 'string', value: '', require: '0', remark: '设备token' }]);
    expect(doc?.request.params.mode).toBe('formdata');
    expect(doc?.request.params.formdata).toEqual([
      { name: 'username', type: 'string', value: '', require: '1', remark: '用户名' },
      { name: 'password', type: 'string', value: '', require: '1', remark: '密码' },
    ]);
    expect(doc?.response.responseExample).toBe('{"error_code":0,"data":{"uid":"1"}}');
    expect(doc?.response.responseParamsDesc).toEqual([{ name: 'uid', type: 'string', value: '', remark: '用户id' }]);
  });

  it('renders with ShowDoc’s Chinese headings', () => {
    const [page] = parseComments(LOGIN);
    const markdown = runapiToMarkdown(page!.doc, 'zh');
    for (const heading of ['##### 简要描述', '##### 请求URL', '##### 请求方式', '##### Header', '##### 请求Body参数', '##### 成功返回示例', '##### 成功返回示例的参数说明', '##### 备注']) {
      expect(markdown).toContain(heading);
    }
    expect(markdown).toContain('|username||是|string|用户名|');
  });

  it('puts GET parameters in the query and appends them to the URL as ShowDoc does', () => {
    const [page] = parseComments('/** showdoc\n * @title List\n * @method GET\n * @url /users\n * @param page 可选 int 页码\n * @param size 必选 int 条数\n */');
    expect(page?.doc.info.method).toBe('get');
    expect(page?.doc.info.url).toBe('/users?page=&size=&');
    expect(page?.doc.request.query.map((p) => [p.name, p.require])).toEqual([
      ['page', '0'],
      ['size', '1'],
    ]);
    expect(runapiToMarkdown(page!.doc, 'zh')).toContain('- `/users`');
  });

  it('switches the body to JSON with @json_param, the @param lines describing its fields', () => {
    const [page] = parseComments('/** showdoc\n * @title Create\n * @method post\n * @url /users\n * @json_param {"name":"a","age":3}\n * @param name 必选 string 名字\n */');
    expect(page?.doc.request.params).toMatchObject({ mode: 'json', json: '{"name":"a","age":3}', jsonDesc: [{ name: 'name', require: '1', type: 'string', remark: '名字' }], formdata: [] });
    const markdown = runapiToMarkdown(page!.doc, 'zh');
    expect(markdown).toContain('"age": 3');
    expect(markdown).toContain('json字段说明');
  });

  it('reads @return and @return_param in either order (ShowDoc needed @return first)', () => {
    const reversed = '/** showdoc\n * @title R\n * @url /r\n * @return_param uid int 用户\n * @return {"uid":1}\n */';
    const [page] = parseComments(reversed);
    expect(page?.doc.response.responseExample).toBe('{"uid":1}');
    expect(page?.doc.response.responseParamsDesc).toEqual([{ name: 'uid', type: 'int', value: '', remark: '用户' }]);
  });

  it('takes only blocks with both @title and showdoc, several per source, in order', () => {
    const source = [
      '/** showdoc\n * @title One\n * @url /1\n */',
      '/** no marker here\n * @title Ignored\n */',
      '/** showdoc without a title */',
      '/* showdoc\n * @title Not a doc block\n */',
      '/**\n * showdoc\n * @title Two\n * @url /2 */',
    ].join('\ncode();\n');
    expect(parseComments(source).map((p) => p.title)).toEqual(['One', 'Two']);
    expect(parseComments(source)[1]?.doc.info.url).toBe('/2');
  });

  it('undoes HTML escaping and the shell script’s & stand-in, once', () => {
    expect(decodeCommentContent('a &amp;lt; b &lt;i&gt; &quot;q&quot; &#039;s&#39; x_this_and_change_y')).toBe(`a &lt; b <i> "q" 's' x&y`);
    const [page] = parseComments('/** showdoc\n * @title A &amp; B\n * @url /a?x=1_this_and_change_y=2\n */');
    expect(page?.title).toBe('A & B');
    expect(page?.doc.info.url).toBe('/a?x=1&y=2');
  });

  it('treats missing or odd values as ShowDoc does: default method GET, no number, catalog root', () => {
    const [page] = parseComments('/** showdoc\n * @title Bare\n * @number abc\n */');
    expect(page).toMatchObject({ title: 'Bare', catalog: [] });
    expect(page?.sNumber).toBeUndefined();
    expect(page?.doc.info.method).toBe('get');
  });

  it('keeps hostile text as text', () => {
    const [page] = parseComments('/** showdoc\n * @title <img src=x onerror=alert(1)>\n * @url javascript:alert(1)\n * @param <b> 必选 string <script>\n */');
    expect(page?.title).toBe('<img src=x onerror=alert(1)>');
    const markdown = runapiToMarkdown(page!.doc, 'zh');
    expect(markdown).not.toContain('<script>');
    expect(markdown).toContain('&lt;script&gt;');
  });

  it('single-line and multi-line tag helpers', () => {
    expect(singleLineTag(' * @title  Hello world  \n * @titles x', 'title')).toBe('Hello world');
    expect(singleLineTag(' * @titled x', 'title')).toBe('');
    expect(multiLineTag(' * @param a 必选 int x\n * @param b\n */', 'param')).toEqual([['a', '必选', 'int', 'x'], ['b']]);
  });
});
