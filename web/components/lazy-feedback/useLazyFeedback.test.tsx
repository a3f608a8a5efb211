import { act, render, screen, waitFor } from '@testing-library/react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { describe, expect, it } from 'vitest';
import useLazyMessage from './useLazyMessage';
import useLazyNotification from './useLazyNotification';

function Host({ onApi }: { onApi: (message: MessageInstance, notification: NotificationInstance) => void }) {
  const [message, messageHolder] = useLazyMessage({ maxCount: 1 });
  const [notification, notificationHolder] = useLazyNotification();
  onApi(message, notification);
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}

describe('App.useApp().message and .notification in the build (useLazyMessage, useLazyNotification)', () => {
  it('shows a message and a notice asked for before their code is in', async () => {
    let message: MessageInstance | null = null;
    let notification: NotificationInstance | null = null;
    render(
      <Host
        onApi={(m, n) => {
          message = m;
          notification = n;
        }}
      />,
    );
    act(() => {
      void message?.error({ content: 'The server did not answer', key: 'api-error' });
      notification?.open({ title: 'A new reminder', key: 'reminder' });
    });
    expect(await screen.findByText('The server did not answer')).toBeTruthy();
    expect(await screen.findByText('A new reminder')).toBeTruthy();
  });

  it('a message closed before its code arrived never shows, and says it closed', async () => {
    let message: MessageInstance | null = null;
    render(<Host onApi={(m) => (message = m)} />);
    let closed = false;
    let later: ReturnType<MessageInstance['info']> | undefined;
    act(() => {
      later = message?.info('Saved');
      later?.();
    });
    void later?.then(() => (closed = true));
    await waitFor(() => expect(closed).toBe(true));
    act(() => void message?.success('Copied'));
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(screen.queryByText('Saved')).toBeNull();
  });
});
