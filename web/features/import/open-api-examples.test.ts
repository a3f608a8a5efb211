import { describe, expect, it } from 'vitest';
import { fromCommentsCurl, openApiUrl, sampleComment, scriptCommand, shellQuote, updatePageCurl } from './open-api-examples';

const keys = { api_key: 'k1', api_token: 't1' };

describe('open API examples', () => {
  it('use ShowDoc’s public URL on this site, without a doubled slash', () => {
    expect(openApiUrl('https://docs.example.com/', 'updatePage')).toBe('https://docs.example.com/server/index.php?s=/api/open/updatePage');
    expect(openApiUrl('http://10.0.0.5:4999', 'fromComments')).toBe('http://10.0.0.5:4999/server/index.php?s=/api/open/fromComments');
  });

  it('quote every value so a shell passes it as one word', () => {
    expect(shellQuote("it's & <b>")).toBe(`'it'\\''s & <b>'`);
    const command = updatePageCurl('https://d.example', keys, { catalog: "Ops/It's live", title: '部署 & 回滚' });
    expect(command.split(' \\\n')).toEqual([
      "curl -sS -X POST 'https://d.example/server/index.php?s=/api/open/updatePage'",
      "  --data-urlencode 'api_key=k1'",
      "  --data-urlencode 'api_token=t1'",
      `  --data-urlencode 'cat_name=Ops/It'\\''s live'`,
      "  --data-urlencode 'page_title=部署 & 回滚'",
      "  --data-urlencode 'page_content@README.md'",
    ]);
  });

  it('send a source file’s comments and run the CI script with the same credentials', () => {
    expect(fromCommentsCurl('https://d.example', keys, 'src/a.php')).toContain("--data-urlencode 'content@src/a.php'");
    const script = scriptCommand('https://d.example', keys);
    expect(script.split('\n')).toEqual([
      "export FOLIO_URL='https://d.example' FOLIO_API_KEY='k1' FOLIO_API_TOKEN='t1'",
      'sh scripts/folio-push.sh markdown docs/',
      'sh scripts/folio-push.sh comments src/',
    ]);
  });

  it('a sample comment has what fromComments needs: showdoc, @title and @url', () => {
    const comment = sampleComment({ catalog: 'Users', title: 'Login', description: 'Logs in', required: 'required', usernameRemark: 'account', passwordRemark: 'password' });
    expect(comment.startsWith('/**\n * showdoc\n')).toBe(true);
    expect(comment).toMatch(/@title Login\n/);
    expect(comment).toMatch(/@url https:\/\//);
    expect(comment).toContain('@param username required string account');
    expect(comment.endsWith(' */')).toBe(true);
  });
});
