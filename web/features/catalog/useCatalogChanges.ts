import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { useTranslation } from 'react-i18next';
import { catalogKeys, createCatalog, deleteCatalog, renameCatalog, saveCatalogTree } from '../../api/catalog';
import type { DropResult } from './tree-order';

interface CatalogChangesOptions {
  itemId: number;
  /** After a change: the project view reloads its menu, and with it the manager's tree. */
  onChanged: () => void;
  /** After a refusal (already alerted by the API client): the tree shows what the server holds. */
  reload: () => void;
  /** After a create or rename, to close its form. */
  onNamed: () => void;
}

/** The catalog manager's writes. Each ends in a reload, so the tree never shows what was not saved. */
export function useCatalogChanges({ itemId, onChanged, reload, onNamed }: CatalogChangesOptions) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();

  const succeeded = (text: string) => {
    void message.success(text);
    void queryClient.invalidateQueries({ queryKey: catalogKeys.all() });
    onChanged();
  };

  const create = useMutation({
    mutationFn: ({ parentCatId, name }: { parentCatId: number; name: string }) => createCatalog(itemId, name, parentCatId),
    onSuccess: () => {
      succeeded(t('catalogManager.created'));
      onNamed();
    },
    onError: reload,
  });

  const rename = useMutation({
    mutationFn: ({ catId, name }: { catId: number; name: string }) => renameCatalog(itemId, catId, name),
    onSuccess: () => {
      succeeded(t('catalogManager.renamed'));
      onNamed();
    },
    onError: reload,
  });

  const remove = useMutation({
    mutationFn: (catId: number) => deleteCatalog(itemId, catId),
    onSuccess: () => succeeded(t('catalogManager.deleted')),
    onError: reload,
  });

  const arrange = useMutation({
    mutationFn: (result: DropResult) => saveCatalogTree(itemId, result.entries, result.dragged),
    onSuccess: () => succeeded(t('catalogManager.orderSaved')),
    onError: reload,
  });

  return { create, rename, remove, arrange, busy: create.isPending || rename.isPending || remove.isPending || arrange.isPending };
}
