import { describe, expect, it } from 'vitest';
import { allRoutes } from '../routes.js';

/**
 * Every action declares what it answers (`output`, a schema of common/answers/): that schema types the
 * web app and gives ShowDoc's URLs ShowDoc's form. Only actions that answer something other than the
 * envelope — images, files, editor.md upload answers, text — go without, and they are named here.
 */
const NOT_THE_ENVELOPE = new Set([
  'common/qrcode',
  'common/showCaptcha',
  'attachment/uploadImg',
  'page/uploadImg',
  'attachment/attachmentUpload',
  'page/upload',
  'attachment/visitFile',
  'common/visitFile',
  'mock/infoByKey',
  'mock/infoByPath',
  'open/fromComments',
  'fromComments/generate',
  'open/updateDbItem',
  'export/word',
  'export/markdown',
  'sheet/exportXlsx',
  // Logins from elsewhere answer with a redirect (or the envelope when refused).
  'extLogin/oauth2',
  'extLogin/bySecretKey',
  'ScriptCron/run',
]);

describe('route answers', () => {
  it('every action that answers the envelope declares its answer schema', () => {
    const missing = allRoutes.filter((r) => !r.output && !NOT_THE_ENVELOPE.has(r.path)).map((r) => r.path);
    expect(missing).toEqual([]);
  });

  it('the actions named as answering something else really have no schema', () => {
    const declared = allRoutes.filter((r) => r.output && NOT_THE_ENVELOPE.has(r.path)).map((r) => r.path);
    expect(declared).toEqual([]);
  });
});
