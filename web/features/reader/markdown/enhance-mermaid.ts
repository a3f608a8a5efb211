import mermaid from 'mermaid';
import { createDiagramSanitizer } from '../../../../common/markdown';

const sanitize = createDiagramSanitizer(window);
let diagrams = 0;
let initialized = false;

/**
 * Draws the ```mermaid blocks of a rendered page (mermaid is loaded only for such pages). `strict` keeps
 * click handlers and HTML out of labels; the SVG is sanitized once more before it is shown.
 */
export async function drawDiagrams(root: HTMLElement, failedText: string): Promise<void> {
  if (!initialized) {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      htmlLabels: false,
      flowchart: { htmlLabels: false },
      maxTextSize: 50_000,
      fontFamily: 'inherit',
    });
    initialized = true;
  }
  for (const element of root.querySelectorAll<HTMLElement>('.md-mermaid:not([data-drawn])')) {
    const source = element.textContent ?? '';
    element.setAttribute('data-drawn', '');
    diagrams += 1;
    try {
      const { svg } = await mermaid.render(`folio-mermaid-${diagrams}`, source);
      element.innerHTML = sanitize(svg);
    } catch {
      // Mermaid leaves its error drawing in the body; the source stays readable instead.
      document.getElementById(`dfolio-mermaid-${diagrams}`)?.remove();
      element.textContent = '';
      const note = document.createElement('p');
      note.className = 'md-mermaid-error';
      note.textContent = failedText;
      const pre = document.createElement('pre');
      pre.textContent = source;
      element.append(note, pre);
    }
  }
}
