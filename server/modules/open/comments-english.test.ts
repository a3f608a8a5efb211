import { describe, expect, it } from 'vitest';
import { parseComments } from './comments.js';

/** Issue 23: the English interface's sample comment says `required`, not ShowDoc's Chinese 必选. */
describe('comment blocks written in English', () => {
  it('read `required` as 必选, and anything else as optional', () => {
    const [page] = parseComments('/** showdoc\n * @title Login\n * @method get\n * @url /login\n * @param username required string account\n * @param remember optional int days\n * @param password Required string secret\n */');
    expect(page?.doc.request.query.map((p) => [p.name, p.require])).toEqual([
      ['username', '1'],
      ['remember', '0'],
      ['password', '1'],
    ]);
  });
});
