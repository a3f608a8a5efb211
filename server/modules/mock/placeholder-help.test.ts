import { describe, expect, it } from 'vitest';
import { MOCK_PLACEHOLDER_HELP, MOCK_RULE_HELP } from '../../../common/mock-placeholders.js';
import { generators } from './generators/index.js';
import { renderMockTemplate } from './template-engine.js';

const NO_DEADLINE = { maxRenderMs: 60_000, now: new Date(2024, 0, 2, 3, 4, 5) };

/** The Mock dialog's help (common/mock-placeholders.ts) names only what the engine really does. */
describe('the placeholder help of the Mock dialog', () => {
  it.each(MOCK_PLACEHOLDER_HELP)('%s is a generator and renders to something else than its own text', (placeholder) => {
    const name = /^@(\w+)/.exec(placeholder)?.[1] ?? '';
    expect(generators.has(name.toLowerCase())).toBe(true);
    const result = renderMockTemplate(JSON.stringify({ value: placeholder }), undefined, NO_DEADLINE);
    expect(result.ok).toBe(true);
    const value = result.ok ? (JSON.parse(result.body) as { value: unknown }).value : undefined;
    expect(value).not.toBe(placeholder);
    expect(value).not.toBe('');
  });

  it.each(MOCK_RULE_HELP)('the rule %s is valid inside a template and renders', (rule) => {
    const result = renderMockTemplate(`{${rule}}`, undefined, NO_DEADLINE);
    expect(result.ok).toBe(true);
  });
});
