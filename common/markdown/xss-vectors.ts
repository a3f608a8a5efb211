import { expect } from 'vitest';
import { ALLOWED_ATTR, ALLOWED_TAGS } from './sanitize.js';
import { testWindow } from './test-dom.js';

/**
 * The attack catalogue of rendered pages (docs/security.md D1–D2), for every path that turns a page into
 * HTML: the app's sanitized renderer (xss.test.ts) and the server's first paint
 * (server/modules/page/first-paint.test.ts).
 */

const window = testWindow();
const dangerousUrl = /^\s*(?:javascript|vbscript|data|file|livescript):/i;
const safeDataImage = /^data:image\/(?:png|gif|jpe?g|webp|bmp|svg\+xml)[;,]/i;

/**
 * What every rendered page must satisfy: only allowlisted tags and attributes, no event handlers,
 * no script-capable URL anywhere (a data: URL only as an image).
 */
export function expectHarmless(html: string): void {
  const host = window.document.createElement('div');
  host.innerHTML = html;
  for (const element of host.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    expect(ALLOWED_TAGS, `tag <${tag}> in ${html}`).toContain(tag);
    for (const { name, value } of [...element.attributes]) {
      expect(ALLOWED_ATTR, `attribute ${name} on <${tag}> in ${html}`).toContain(name);
      expect(name.startsWith('on'), `handler ${name} in ${html}`).toBe(false);
      if (name === 'href' || name === 'src' || name === 'cite') {
        const data = tag === 'img' && name === 'src' && safeDataImage.test(value.trim());
        if (!data) expect(value, `${name} of <${tag}> in ${html}`).not.toMatch(dangerousUrl);
      }
    }
    if (tag === 'input') expect(element.getAttribute('type')).toBe('checkbox');
  }
  expect(html).not.toMatch(/<\s*(?:script|style|iframe|frame|object|embed|meta|link|base|form|svg|math)\b/i);
}

/** OWASP XSS filter evasion cheat sheet and friends, typed into a page as raw HTML. */
export const htmlVectors = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.rocks/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(\'XSS\')>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=http://xss.rocks/xss.js?< B >',
  '<iframe src=http://xss.rocks/scriptlet.html <',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<input type="text" value="x" onfocus="alert(1)" autofocus>',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<IMG DYNSRC="javascript:alert(\'XSS\')"> <IMG LOWSRC="javascript:alert(\'XSS\')">',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<svg/onload=alert(\'XSS\')>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')"><TD BACKGROUND="javascript:alert(\'XSS\')">x</TD></TABLE>',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">x</DIV>',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">x</DIV>',
  '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv" type="image/svg+xml" AllowScriptAccess="always"></EMBED>',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<isindex action="javascript:alert(1)" type=image>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<details open ontoggle=alert(1)>x</details>',
  '<video><source onerror=alert(1)></video><audio src=x onerror=alert(1)>',
  '<div id="cookie">x</div><img name="getElementById" src="/a.png">',
  '<a href="https://example.com" target="_self" rel="opener">x</a>',
  '<template><img src=x onerror=alert(1)></template>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
];

/** The same ideas through markdown syntax: link destinations, references, images, autolinks. */
export const markdownVectors = [
  '[x](javascript:alert(1))',
  '[x](JAVASCRIPT:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](javascript&#58;alert(1))',
  '[x](&#x6A;&#x61;vascript:alert(1))',
  '[x](<javascript:alert(1)>)',
  '[x]( javascript:alert(1) "title")',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x][ref]\n\n[ref]: javascript:alert(1)',
  '[x][ref]\n\n[ref]: &#106;avascript:alert(1) "t"',
  '![x](javascript:alert(1))',
  '![x](x" onerror="alert(1))',
  '![x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '<javascript:alert(1)>',
  '<vbscript:alert(1)>',
  'javascript:alert(1)',
  '# <img src=x onerror=alert(1)>heading',
  '`<img src=x onerror=alert(1)>`',
  '| a |\n|---|\n| <img src=x onerror=alert(1)> |',
  '- [x] <input type="text" onfocus=alert(1) autofocus>',
  '```mermaid\ngraph TD; A["<img src=x onerror=alert(1)>"] --> B[<script>alert(1)</script>]\n```',
  '```"><img src=x onerror=alert(1)>\ncode\n```',
  '$<img src=x onerror=alert(1)>$ and $$</span><script>alert(1)</script>$$',
  '$$\n</div><iframe srcdoc="<script>alert(1)</script>">\n$$',
  '<div class="md-mermaid"><img src=x onerror=alert(1)></div>',
];
