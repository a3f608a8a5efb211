import katex from 'katex';
import 'katex/dist/katex.min.css';
import { createMathSanitizer, KATEX_OPTIONS } from '../../../../common/markdown';

const sanitize = createMathSanitizer(window);

/** Typesets the `$…$` / `$$…$$` placeholders of a rendered page with KaTeX (loaded only for such pages). */
export function typesetMath(root: HTMLElement): void {
  for (const element of root.querySelectorAll<HTMLElement>('.md-math:not([data-typeset])')) {
    const tex = element.textContent ?? '';
    const displayMode = !element.classList.contains('md-math-inline');
    element.innerHTML = sanitize(katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode }));
    element.setAttribute('data-typeset', '');
  }
}
