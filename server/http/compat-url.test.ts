import { describe, expect, it } from 'vitest';
import { parseApiPath, rewriteCompatUrl } from './compat-url.js';
import { redactUrl } from './log-redaction.js';
import { RateLimiter } from './rate-limiter.js';
import { languageOf } from './language.js';

describe('ShowDoc URL shapes all reach /api/<controller>/<action>', () => {
  it.each([
    ['/server/index.php?s=/api/item/info', '/api/item/info'],
    ['/server/index.php?s=api/item/info&item_id=3', '/api/item/info?item_id=3'],
    ['/server/?s=/Api/Item/info', '/api/Item/info'],
    ['/server?s=/api/common/version', '/api/common/version'],
    ['/server/api/item/info?x=1', '/api/item/info?x=1'],
    ['/index.php?s=/api/item/info&item_id=3', '/api/item/info?item_id=3'],
    // Not a form ShowDoc answers (transcript 47): left alone, so it ends in 404.
    ['/server/index.php/api/item/info', '/server/index.php/api/item/info'],
    ['/API/item/info', '/api/item/info'],
    ['/api/item/info', '/api/item/info'],
    ['/item/index', '/item/index'],
    ['/server/index.php', '/server/index.php'],
  ])('%s → %s', (from, to) => {
    expect(rewriteCompatUrl(from)).toBe(to);
  });

  it('reads controller and action case-insensitively, folding snake_case controllers', () => {
    expect(parseApiPath('/api/Item/MyList')?.key).toBe('item/mylist');
    expect(parseApiPath('/api/item_group/getList')?.key).toBe('itemgroup/getlist');
  });

  it('reads /key/value pairs after the action as parameters', () => {
    expect(parseApiPath('/api/item/info/item_id/123/page_id/9')).toEqual({ key: 'item/info', pathParams: { item_id: '123', page_id: '9' } });
  });

  it('refuses a path without an action', () => {
    expect(parseApiPath('/api/item')).toBeNull();
    expect(parseApiPath('/api/')).toBeNull();
  });
});

describe('request logs', () => {
  it('never contain tokens or passwords, in the query or in path pairs', () => {
    const url = '/api/user/info?user_token=abc123&x=1&password=hunter2&_item_pwd=p';
    expect(redactUrl(url)).toBe('/api/user/info?user_token=[redacted]&x=1&password=[redacted]&_item_pwd=[redacted]');
    expect(redactUrl('/api/item/info/user_token/abc/item_id/3')).toBe('/api/item/info/user_token/[redacted]/item_id/3');
    expect(redactUrl('/server/index.php?s=/api/user/info&USER_TOKEN=abc')).not.toContain('abc');
  });
});

describe('the in-memory rate limiter', () => {
  it('allows `limit` hits per window and starts again in the next window', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const hits = Array.from({ length: 4 }, () => limiter.hit('k', 3, 1000));
    expect(hits).toEqual([true, true, true, false]);
    expect(limiter.hit('other', 3, 1000)).toBe(true);
    now = 1000;
    expect(limiter.hit('k', 3, 1000)).toBe(true);
  });
});

describe('the language of error messages', () => {
  it('is Chinese only when the client asks for it', () => {
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('zh-CN,zh;q=0.9')).toBe('zh');
    expect(languageOf('en-US,zh;q=0.5')).toBe('en');
  });
});
