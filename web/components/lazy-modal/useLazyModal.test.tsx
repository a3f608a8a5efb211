import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HookAPI } from 'antd/es/modal/useModal';
import { describe, expect, it } from 'vitest';
import useLazyModal from './useLazyModal';

function Host({ onApi }: { onApi: (api: HookAPI) => void }) {
  const [api, holder] = useLazyModal();
  onApi(api);
  return holder;
}

describe("App.useApp().modal in the build (useLazyModal)", () => {
  it('opens a dialog asked for before its code is in, and resolves with the answer', async () => {
    let modal: HookAPI | null = null;
    render(<Host onApi={(api) => (modal = api)} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    let answer: boolean | null = null;
    act(() => {
      void modal?.confirm({ title: 'Delete the page?', okText: 'Delete' }).then((confirmed) => (answer = confirmed), () => undefined);
    });
    expect(await screen.findByRole('dialog', { name: 'Delete the page?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(answer).toBe(true));
  });

});
