import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { LazyDropdown } from '../../components/LazyDropdown';
import { MenuIcon, preloadMenuIcons } from './MenuIcon';

describe("the editors' and managers' menu icons (loaded apart from the first screen)", () => {
  it('are in when their menu first opens', async () => {
    render(
      <LazyDropdown
        trigger={['click']}
        prepare={preloadMenuIcons}
        menu={{
          items: [
            { key: 'history', icon: <MenuIcon name="history" />, label: 'Page history' },
            { key: 'delete', icon: <MenuIcon name="delete" />, label: 'Delete page', danger: true },
          ],
        }}
      >
        <Button aria-label="More tools" />
      </LazyDropdown>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'More tools' }));
    const menu = await screen.findByRole('menu');
    const entries = within(menu).getAllByRole('menuitem');
    expect(entries.map((entry) => entry.querySelector('.anticon svg')?.getAttribute('data-icon'))).toEqual(['history', 'delete']);
    // The menu's own class (its gap before the label) reaches the icon.
    for (const entry of entries) expect(entry.querySelector('.anticon')?.classList.contains('ant-dropdown-menu-item-icon')).toBe(true);
  });
});
