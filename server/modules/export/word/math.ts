import { ImportedXmlComponent, type ParagraphChild } from 'docx';
import katex from 'katex';
import { mml2omml } from 'mathml2omml';
import { KATEX_OPTIONS } from '../../../../common/markdown/math-options.js';

/** Longest formula converted; a longer one stays source text (it is also slow to typeset). */
const MAX_TEX = 5_000;

/**
 * TeX as Word math (OMML), through the same KaTeX the reader typesets with (same options, so what fails
 * there fails here): KaTeX writes MathML, mathml2omml turns it into `<m:oMath>`. Null when KaTeX cannot
 * parse the formula or the converter gives nothing usable; the caller then keeps the source visible.
 */
export function texToOmml(tex: string, display: boolean): string | null {
  if (tex.trim() === '' || tex.length > MAX_TEX) return null;
  let html: string;
  try {
    html = katex.renderToString(tex, { ...KATEX_OPTIONS, output: 'mathml', displayMode: display });
  } catch {
    return null;
  }
  // A parse error comes back as `<span class="katex-error">` holding the source, with no <math> in it.
  const mathml = /<math[\s>][\s\S]*<\/math>/.exec(html)?.[0];
  if (!mathml) return null;
  let omml: string;
  try {
    // The TeX annotation is for copy and paste in browsers; the converter does not know it (and logs so).
    omml = mml2omml(mathml.replace(/<annotation[\s\S]*?<\/annotation>/g, ''));
  } catch {
    return null;
  }
  if (!/^<m:oMath[\s>][\s\S]*<\/m:oMath>$/.test(omml)) return null;
  return wrapStrayText(omml);
}

/**
 * mathml2omml 0.5 leaves some operators as bare text inside an element (`<m:e>…</m:r>=</m:e>` after a
 * `\sum`); OMML holds text only in runs, and Word refuses a file with text elsewhere. Such text goes
 * into a run of its own.
 */
function wrapStrayText(omml: string): string {
  return omml.replace(/(<[^>]+>)([^<]+)/g, (all, tag: string, text: string) => {
    if (/^<(?:m|w):t[\s>]/.test(tag) || text.trim() === '') return all;
    return `${tag}<m:r><m:t xml:space="preserve">${text}</m:t></m:r>`;
  });
}

/** A formula within a line (`$…$`, or `$$…$$` amid text) as a paragraph child, or null (see texToOmml). */
export function inlineMath(tex: string, display = false): ParagraphChild | null {
  const omml = texToOmml(tex, display);
  return omml ? xmlChild(omml) : null;
}

/** A display formula, centred on a line of its own (`<m:oMathPara>`), or null (see texToOmml). */
export function displayMath(tex: string): ParagraphChild | null {
  const omml = texToOmml(tex, true);
  return omml ? xmlChild(`<m:oMathPara>${omml}</m:oMathPara>`) : null;
}

/**
 * Checked OMML written into the paragraph as it is: docx's own Math classes would need a second
 * converter from MathML. The component is structurally a paragraph child (an XmlComponent).
 */
function xmlChild(xml: string): ParagraphChild {
  return ImportedXmlComponent.fromXmlString(xml) as unknown as ParagraphChild;
}
