import type { Lang } from '../../http/language.js';
import { MAX_DROPPED_LINES } from './limits.js';

/** What an .xlsx import could not keep, and how to say it in each interface language. */
export const DROP_TEXT = {
  image: { en: 'images dropped', zh: '图片未导入' },
  chart: { en: 'charts dropped', zh: '图表未导入' },
  pivot: { en: 'pivot tables dropped (their last values are kept)', zh: '数据透视表未导入（保留了其现有数值）' },
  macro: { en: 'macros dropped', zh: '宏未导入' },
  conditional: { en: 'conditional formatting dropped', zh: '条件格式未导入' },
  validation: { en: 'data validation dropped', zh: '数据验证未导入' },
  comment: { en: 'comment dropped', zh: '批注未导入' },
  hyperlink: { en: 'link dropped, text kept', zh: '超链接未导入，保留了文字' },
  richText: { en: 'mixed formatting inside the cell dropped, text kept', zh: '单元格内的混合格式未导入，保留了文字' },
  themeColor: { en: 'theme colours dropped', zh: '主题颜色未导入' },
  gradient: { en: 'gradient fill dropped', zh: '渐变填充未导入' },
  rotation: { en: 'text rotation dropped', zh: '文字旋转未导入' },
  diagonal: { en: 'diagonal border dropped', zh: '斜线边框未导入' },
  numFmt: { en: 'number format not available, shown as General', zh: '数字格式不支持，按常规显示' },
  error: { en: 'error value kept as text', zh: '错误值按文字保留' },
  hidden: { en: 'hidden sheet shown', zh: '隐藏的工作表已显示' },
  hiddenRow: { en: 'hidden rows shown', zh: '隐藏的行已显示' },
  autofilter: { en: 'filter dropped', zh: '筛选未导入' },
  protection: { en: 'sheet protection dropped', zh: '工作表保护未导入' },
  outOfRange: { en: 'cells beyond the sheet size dropped', zh: '超出表格范围的单元格未导入' },
} satisfies Record<string, { en: string; zh: string }>;

export type DropKind = keyof typeof DROP_TEXT;

/**
 * Collects drops; a kind that applies to many cells of a sheet is reported once per sheet with its
 * first cell and a count, so a sheet of 10,000 linked cells makes one line, not 10,000.
 */
export class DropList {
  private readonly seen = new Map<string, { where: string; kind: DropKind; count: number }>();

  add(sheet: string, kind: DropKind, cell?: string): void {
    const key = `${sheet}\u0000${kind}`;
    const entry = this.seen.get(key);
    if (entry) entry.count++;
    else this.seen.set(key, { where: cell ? `${sheet}!${cell}` : sheet, kind, count: 1 });
  }

  lines(lang: Lang): string[] {
    const zh = lang === 'zh';
    const all = [...this.seen.values()].map(({ where, kind, count }) => {
      const text = DROP_TEXT[kind][zh ? 'zh' : 'en'];
      const more = count > 1 ? (zh ? `（共 ${count} 处）` : ` (${count} places)`) : '';
      return where ? `${where}: ${text}${more}` : `${text}${more}`;
    });
    if (all.length <= MAX_DROPPED_LINES) return all;
    const rest = all.length - MAX_DROPPED_LINES;
    return [...all.slice(0, MAX_DROPPED_LINES), zh ? `……另有 ${rest} 项` : `… and ${rest} more`];
  }
}
