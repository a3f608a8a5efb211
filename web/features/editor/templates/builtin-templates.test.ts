import { describe, expect, it } from 'vitest';
import { apiDocTemplate, databaseDocTemplate } from './builtin-templates';

/** Every row of each markdown table in `markdown` has as many cells as its header. */
function tableShapes(markdown: string): number[][] {
  const tables: number[][] = [];
  let current: number[] | null = null;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('|')) {
      current ??= [];
      current.push(line.split('|').length - 2);
    } else if (current) {
      tables.push(current);
      current = null;
    }
  }
  if (current) tables.push(current);
  return tables;
}

describe('built-in templates', () => {
  it('API doc: ShowDoc sections in order, in English', () => {
    const text = apiDocTemplate('en');
    const sections = ['Brief description', 'Request URL', 'Method', 'Parameters', 'Example response', 'Response fields', 'Remarks'];
    const positions = sections.map((section) => text.indexOf(`**${section}`));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain('```json');
  });

  it('API doc: the same sections in Chinese', () => {
    const text = apiDocTemplate('zh');
    for (const section of ['简要描述', '请求URL', '请求方式', '参数', '返回示例', '返回参数说明', '备注']) expect(text).toContain(`**${section}`);
    expect(text).not.toContain('Brief description');
  });

  it('API doc: its example answer is valid JSON', () => {
    for (const lang of ['en', 'zh'] as const) {
      const json = /```json\n([\s\S]*?)```/.exec(apiDocTemplate(lang))?.[1] ?? '';
      expect(() => JSON.parse(json) as unknown).not.toThrow();
    }
  });

  it('database doc: description, then a field table with type, null, default and comment', () => {
    expect(databaseDocTemplate('en')).toMatch(/^\|Field\|Type\|Null\|Default\|Comment\|$/m);
    expect(databaseDocTemplate('zh')).toMatch(/^\|字段\|类型\|空\|默认\|注释\|$/m);
  });

  it('every table row has as many cells as its header, in both languages', () => {
    for (const lang of ['en', 'zh'] as const) {
      for (const text of [apiDocTemplate(lang), databaseDocTemplate(lang)]) {
        const tables = tableShapes(text);
        expect(tables.length).toBeGreaterThan(0);
        for (const rows of tables) expect(new Set(rows).size).toBe(1);
      }
    }
  });
});
