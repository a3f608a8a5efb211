import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import PageEdit from '../../routes/PageEdit';
import { ok } from '../../test/fake-api';
import { pageLock } from '../../test/project-answers';
import { readerProject } from '../../test/reader-project';
import { renderScreen } from '../../test/render';
import { draftKey } from './page-draft';

/** Issue 23: the draft offer said when the draft was kept in US style ("11/26/2026, 6:08:00 PM") in the Chinese interface. */
describe('the draft offer in Chinese', () => {
  beforeEach(async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    window.localStorage.clear();
    await act(() => i18n.changeLanguage('zh-CN'));
  });
  afterEach(async () => {
    window.localStorage.clear();
    await act(() => i18n.changeLanguage('en'));
  });

  it('says when the draft was kept as Chinese readers write dates', async () => {
    const savedAt = new Date(2026, 10, 26, 18, 8).getTime();
    window.localStorage.setItem(draftKey(5, 10), JSON.stringify({ title: 'README', content: 'Text of README, and a paragraph never saved.', savedAt }));
    readerProject({
      role: 'editor',
      overrides: {
        'page/isLock': ok(pageLock()),
        'page/setLock': ok({ id: 1 }),
        'catalog/getDefaultCat': ok({ default_cat_id: 0 }),
        'catalog/catListGroup': ok([]),
      },
    });
    renderScreen('/page/edit/5/10', { '/page/edit/:itemId/:pageId': <PageEdit /> });
    const body = await screen.findByText(/与已保存的页面不同/);
    expect(body.textContent).toBe('此浏览器保存了一份 2026年11月26日 18:08 的草稿，与已保存的页面不同。');
  });
});
