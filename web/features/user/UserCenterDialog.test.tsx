import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { TestProviders } from '../../test/render';
import { alice, fail, installFakeApi, ok, type FakeHandler } from '../../test/fake-api';
import UserCenterDialog from './UserCenterDialog';

function api(overrides: Record<string, FakeHandler | unknown> = {}) {
  return installFakeApi({
    'user/info': ok({ ...alice, email: 'alice@old.example' }),
    'common/version': ok({ version: '0.1.0' }),
    ...overrides,
  });
}

function show() {
  const user = userEvent.setup();
  render(
    <TestProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <UserCenterDialog open onClose={() => undefined} />
      </MemoryRouter>
    </TestProviders>,
  );
  return { user };
}

const emailSection = async () => (await screen.findByRole('heading', { name: 'E-mail for signing in' })).closest('section') as HTMLElement;

describe('the user center’s sign-in e-mail', () => {
  it('shows the current address and saves a new one with the current password', async () => {
    const fake = api({ 'user/updateEmail': ok([]) });
    const { user } = show();
    const section = await emailSection();
    const email = within(section).getByLabelText('E-mail');
    expect((email as HTMLInputElement).value).toBe('alice@old.example');
    await user.clear(email);
    await user.type(email, ' Alice@New.example ');
    await user.type(within(section).getByLabelText('Current password'), 'alice secret 1');
    await user.click(within(section).getByRole('button', { name: 'Save e-mail' }));
    await waitFor(() => expect(fake.callsTo('user/updateEmail')).toHaveLength(1));
    expect(Object.fromEntries(fake.callsTo('user/updateEmail')[0]?.params ?? [])).toEqual({ email: 'Alice@New.example', password: 'alice secret 1' });
    expect(await screen.findByText('Your sign-in e-mail has been saved')).toBeTruthy();
    await waitFor(() => expect((within(section).getByLabelText('E-mail') as HTMLInputElement).value).toBe('alice@new.example'));
    expect((within(section).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('catches a mistyped address and a missing password before asking the server', async () => {
    const fake = api({ 'user/updateEmail': ok([]) });
    const { user } = show();
    const section = await emailSection();
    const email = within(section).getByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'alice@');
    await user.click(within(section).getByRole('button', { name: 'Save e-mail' }));
    expect(await within(section).findByText('Enter a valid e-mail address')).toBeTruthy();
    await user.clear(email);
    await user.type(email, 'alice@new.example');
    await user.click(within(section).getByRole('button', { name: 'Save e-mail' }));
    expect(await within(section).findByText('Enter your current password to change the e-mail')).toBeTruthy();
    expect(fake.callsTo('user/updateEmail')).toHaveLength(0);
  });

  it('shows the server’s refusal (an address another account uses)', async () => {
    api({ 'user/updateEmail': fail(10101, 'This e-mail address is already used by another account') });
    const { user } = show();
    const section = await emailSection();
    const email = within(section).getByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'bob@example.com');
    await user.type(within(section).getByLabelText('Current password'), 'alice secret 1');
    await user.click(within(section).getByRole('button', { name: 'Save e-mail' }));
    expect(await screen.findByText('This e-mail address is already used by another account')).toBeTruthy();
  });
});
