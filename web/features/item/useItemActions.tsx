import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { Fragment, lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { itemKeys, itemPath, leaveItem, starItem, unstarItem, type ItemSummary } from '../../api/item';
import ArchiveItemDialog from './dialogs/ArchiveItemDialog';
import CopyItemDialog from './dialogs/CopyItemDialog';
import DeleteItemDialog from './dialogs/DeleteItemDialog';
import ItemBaseInfoDialog from './dialogs/ItemBaseInfoDialog';
import OpenApiKeyDialog from './dialogs/OpenApiKeyDialog';
import ShareItemDialog from './dialogs/ShareItemDialog';
import TransferItemDialog from './dialogs/TransferItemDialog';
import type { ItemAction } from './item-actions';
import { refreshItemLists } from './queries';
import { useReturnToList } from './useReturnToList';
import { toolContextOf } from './tool-context';
import { itemSettingPath } from '../itemSetting/setting-tabs';

// The recycle bin is the project view's dialog; the list opens the same one, downloaded on first use.
const RecycleBinDialog = lazy(() => import('../recycle/RecycleBinDialog'));
const ItemMembersDialog = lazy(() => import('../member/ItemMembersDialog'));
const ExportDialog = lazy(() => import('../export/ExportDialog'));

type DialogAction = Exclude<ItemAction, 'open' | 'settings' | 'star' | 'unstar' | 'leave'>;

interface OpenDialog {
  action: DialogAction;
  item: ItemSummary;
  open: boolean;
  /** Each opening is a fresh dialog: no form state or loaded data carries over from the last one. */
  opening: number;
}

/**
 * Carries out a project menu's choices: some at once (open, star, leave), the rest through their dialog.
 * Returns the handler and the dialogs to render; the project list uses it, and the project view will.
 */
export function useItemActions(): { run: (action: ItemAction, item: ItemSummary) => void; dialogs: ReactNode } {
  const { t } = useTranslation();
  const { message, modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const returnToList = useReturnToList();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  const star = useMutation({
    mutationFn: ({ item, starred }: { item: ItemSummary; starred: boolean }) => (starred ? starItem(item.item_id) : unstarItem(item.item_id)),
    onSuccess: (_data, { starred }) => {
      void message.success(starred ? t('items.starDone') : t('items.unstarDone'));
      void refreshItemLists(queryClient);
    },
  });
  const leave = useMutation({
    mutationFn: (item: ItemSummary) => leaveItem(item.item_id),
    onSuccess: (_data, item) => {
      void message.success(t('items.leaveDone', { name: item.item_name }));
      void refreshItemLists(queryClient);
    },
  });
  const { mutate: toggleStar } = star;
  const { mutateAsync: leaveAsync } = leave;

  const run = useCallback(
    (action: ItemAction, item: ItemSummary) => {
      switch (action) {
        case 'open':
          navigate(itemPath(item));
          return;
        case 'settings':
          navigate(itemSettingPath(item.item_id));
          return;
        case 'star':
        case 'unstar':
          toggleStar({ item, starred: action === 'star' });
          return;
        case 'leave':
          void modal.confirm({
            title: t('items.leaveConfirmTitle', { name: item.item_name }),
            content: t('items.leaveConfirmText'),
            okText: t('items.leaveOk'),
            okButtonProps: { danger: true },
            // A refusal was alerted by the client; the confirmation closes either way.
            onOk: () => leaveAsync(item).catch(() => undefined),
          });
          return;
        default:
          setDialog((last) => ({ action, item, open: true, opening: (last?.opening ?? 0) + 1 }));
      }
    },
    [navigate, toggleStar, modal, t, leaveAsync],
  );

  const close = () => setDialog((current) => (current ? { ...current, open: false } : current));
  let dialogs: ReactNode = null;
  if (dialog) {
    const props = { item: dialog.item, open: dialog.open, onClose: close };
    const lifecycle = { ...props, onDone: returnToList };
    const byAction: Record<DialogAction, ReactNode> = {
      share: <ShareItemDialog {...props} />,
      baseInfo: <ItemBaseInfoDialog {...props} />,
      openApi: <OpenApiKeyDialog {...props} />,
      members: (
        <Suspense fallback={null}>
          <ItemMembersDialog open={dialog.open} context={toolContextOf(dialog.item)} onClose={close} onChanged={() => undefined} />
        </Suspense>
      ),
      recycleBin: (
        <Suspense fallback={null}>
          <RecycleBinDialog
            open={dialog.open}
            context={toolContextOf(dialog.item)}
            onClose={close}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: itemKeys.projects() })}
          />
        </Suspense>
      ),
      export: (
        <Suspense fallback={null}>
          <ExportDialog open={dialog.open} context={toolContextOf(dialog.item)} onClose={close} onChanged={() => undefined} />
        </Suspense>
      ),
      copy: <CopyItemDialog {...props} />,
      transfer: <TransferItemDialog {...lifecycle} />,
      archive: <ArchiveItemDialog {...lifecycle} />,
      delete: <DeleteItemDialog {...lifecycle} />,
    };
    dialogs = <Fragment key={dialog.opening}>{byAction[dialog.action]}</Fragment>;
  }
  return { run, dialogs };
}
