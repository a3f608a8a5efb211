/** The few words a Word export writes itself, in the language of the request (English or Chinese). */
export interface WordLabels {
  /** Above a diagram's source when it could not be drawn. */
  mermaidSource: string;
  /** Alternative text of a drawn diagram. */
  mermaidAlt: string;
  /** Above a display formula's source when it could not be converted to Word math. */
  formulaSource: string;
  /** Before an inline formula's source when it could not be converted. */
  formulaInline: string;
}

const LABELS: Record<'en' | 'zh', WordLabels> = {
  en: {
    mermaidSource: 'Mermaid diagram — source:',
    mermaidAlt: 'Mermaid diagram',
    formulaSource: 'Formula that could not be converted — source:',
    formulaInline: 'formula not converted: ',
  },
  zh: {
    mermaidSource: 'Mermaid 图表 — 源码：',
    mermaidAlt: 'Mermaid 图表',
    formulaSource: '无法转换的公式 — 源码：',
    formulaInline: '未转换的公式：',
  },
};

export function wordLabels(lang: 'en' | 'zh'): WordLabels {
  return LABELS[lang];
}
