import { useMemo } from 'react';

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (character) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[character] ?? character);

/**
 * Seed 001 §6: who is reading, the date and the project, tiled faintly (alpha 0.05) over the page so
 * screenshots carry their source. Decoration only: screen readers and clicks pass through.
 */
export function Watermark({ lines }: { lines: string[] }) {
  const background = useMemo(() => {
    const text = lines
      .filter((line) => line !== '')
      .map((line, index) => `<tspan x="0" dy="${index === 0 ? 0 : 22}">${escapeXml(line)}</tspan>`)
      .join('');
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200">` +
      `<text transform="translate(40 120) rotate(-20)" fill="#000" fill-opacity="0.05" font-size="16" font-family="sans-serif">${text}</text></svg>`;
    return `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`;
  }, [lines]);
  return <div className="reader-watermark" aria-hidden="true" data-testid="watermark" style={{ backgroundImage: background }} />;
}
