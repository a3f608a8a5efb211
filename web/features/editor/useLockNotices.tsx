import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/dates';
import type { LockHolder } from './usePageLock';

/** A lock's time (unix seconds) as people of the interface's language write dates. */
export function lockTime(seconds: number, language: string): string {
  return formatDateTime(seconds * 1000, language);
}

/**
 * What the editor says about someone else's lock (issue 23): who holds the page and since when, with
 * "take over" beside "back to the page" instead of a dead end; and, to the one taken over from, that
 * their text is still here and kept as a draft.
 */
export function useLockNotices() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();

  const held = useCallback(
    (lock: LockHolder, actions: { takeOver(): Promise<boolean>; leave(): void }) => {
      const name = lock.holder;
      modal.confirm({
        title: t('editor.lockHeldTitle', { name }),
        content: (
          <>
            {lock.since > 0 && <p>{t('editor.lockHeldSince', { name, time: lockTime(lock.since, i18n.language) })}</p>}
            <p>{t('editor.lockHeldHelp', { name })}</p>
          </>
        ),
        okText: t('editor.takeOver'),
        cancelText: t('editor.lockLeave'),
        onOk: async () => {
          if (!(await actions.takeOver())) actions.leave();
        },
        onCancel: actions.leave,
      });
    },
    [modal, t, i18n.language],
  );

  const lost = useCallback(
    (lock: LockHolder | null) => {
      modal.warning({
        title: t('editor.lockLostTitle'),
        content: lock
          ? t('editor.lockLostBody', { name: lock.holder, time: lockTime(lock.since, i18n.language) })
          : t('editor.lockLostBodyAnyone'),
      });
    },
    [modal, t, i18n.language],
  );

  return { held, lost };
}
