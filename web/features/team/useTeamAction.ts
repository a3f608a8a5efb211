import { App } from 'antd';
import { useCallback } from 'react';

/** Runs a team call: a success toast and true, or the server's message and false. */
export function useTeamAction() {
  const { message } = App.useApp();
  return useCallback(
    async (call: () => Promise<unknown>, success: string, after?: () => Promise<unknown>): Promise<boolean> => {
      try {
        await call();
        void message.success(success);
        if (after) await after();
        return true;
      } catch (error) {
        void message.error(error instanceof Error ? error.message : String(error));
        return false;
      }
    },
    [message],
  );
}
