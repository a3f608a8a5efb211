import { FolderAddOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Empty, Modal, Spin } from 'antd';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buildMenuTree, type CatalogNode, type MenuNode } from '../reader/menu-tree';
import { readerKeys } from '../../api/reader';
import { readerItemQuery } from '../reader/queries';
import type { ReaderToolDialogProps } from '../reader/tools';
import { CatalogNameDialog } from './CatalogNameDialog';
import type { CatalogAction } from './CatalogNodeTitle';
import { CatalogTree } from './CatalogTree';
import { CopyCatalogDialog } from './CopyCatalogDialog';
import { PageOrderDialog } from './PageOrderDialog';
import { applyDrop, catalogHeight, countContents, locate, moveAmongCatalogs, type DropOutcome, type DropPlace } from './tree-order';
import { useCatalogChanges } from './useCatalogChanges';
import './catalog.css';
import { RetryAlert } from '../../components/RetryAlert';

/** The dialog opened over the manager, if any. */
type OpenForm =
  | { kind: 'add'; parent: CatalogNode | null }
  | { kind: 'rename'; node: CatalogNode }
  | { kind: 'copy'; node: CatalogNode; parentCatId: number }
  | { kind: 'sort'; catId: number };

/** A change shown before the server confirmed it, for the tree it was made on. */
interface Pending {
  loadedAt: number;
  roots: MenuNode[];
}

/**
 * Seed 001 §2 "Catalog manager": the project's catalogs and pages as a tree. Catalogs can be added,
 * renamed, deleted, copied or moved, and their pages sorted; dragging reorders and re-hangs catalogs and
 * pages (seed §5: never inside a page, at most three levels). The tree is `item/info`'s menu, the one
 * the reader shows, so both reload together.
 */
export default function CatalogManagerDialog({ open, context, onClose, onChanged }: ReaderToolDialogProps) {
  const { t } = useTranslation();
  const { message, modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const itemId = context.item.item_id;
  const [form, setForm] = useState<OpenForm | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const info = useQuery({ ...readerItemQuery(context.itemRef), enabled: open, refetchOnMount: 'always' });
  const loaded = useMemo(() => buildMenuTree(info.data?.menu), [info.data?.menu]);
  const roots = pending && pending.loadedAt === info.dataUpdatedAt ? pending.roots : loaded;

  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: readerKeys.item(context.itemRef) }), [queryClient, context.itemRef]);
  const changes = useCatalogChanges({ itemId, onChanged, reload, onNamed: () => setForm(null) });
  const busy = changes.busy || info.isFetching;

  const arrange = (outcome: DropOutcome | null) => {
    if (!outcome) return;
    if (!outcome.ok) {
      if (outcome.reason === 'intoPage') void message.warning(t('catalogManager.refused.intoPage'));
      else if (outcome.reason === 'intoItself') void message.warning(t('catalogManager.refused.intoItself'));
      else if (outcome.reason === 'tooDeep') void message.warning(t('catalogManager.refused.tooDeep'));
      return;
    }
    setPending({ loadedAt: info.dataUpdatedAt, roots: outcome.result.roots });
    changes.arrange.mutate(outcome.result);
  };

  const onDrop = (dragKey: string, dropKey: string, place: DropPlace) => arrange(applyDrop(roots, dragKey, dropKey, place));

  const confirmDelete = (node: CatalogNode) => {
    const { pages } = countContents(node);
    void modal.confirm({
      title: t('catalogManager.deleteTitle', { name: node.title }),
      content: pages > 0 ? t('catalogManager.deleteWithPages', { count: pages }) : t('catalogManager.deleteEmpty'),
      okText: t('catalogManager.deleteOk'),
      okButtonProps: { danger: true },
      // A refusal was alerted by the API client; the confirmation closes either way.
      onOk: () => changes.remove.mutateAsync(node.catId).catch(() => undefined),
    });
  };

  const onAction = (action: CatalogAction, node: CatalogNode) => {
    if (busy) return;
    if (action === 'addSub') setForm({ kind: 'add', parent: node });
    else if (action === 'rename') setForm({ kind: 'rename', node });
    else if (action === 'sortPages') setForm({ kind: 'sort', catId: node.catId });
    else if (action === 'copy') setForm({ kind: 'copy', node, parentCatId: locate(roots, node.key)?.parent?.catId ?? 0 });
    else if (action === 'delete') confirmDelete(node);
    else arrange(moveAmongCatalogs(roots, node.key, action === 'moveUp' ? -1 : 1));
  };

  let body: ReactNode;
  if (info.isPending) {
    body = (
      <div className="reader-dialog-loading" role="status" aria-label={t('app.loading')}>
        <Spin />
      </div>
    );
  } else if (info.isError) {
    body = (
      <RetryAlert message={info.error.message} onRetry={() => void info.refetch()} />
    );
  } else if (roots.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('catalogManager.empty')} />;
  } else {
    body = <CatalogTree roots={roots} busy={busy} onDrop={onDrop} onAction={onAction} />;
  }

  return (
    <Modal
      open={open}
      title={t('catalogManager.title')}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('itemDialog.close')}
        </Button>
      }
    >
      <p className="dialog-muted">{t('catalogManager.intro')}</p>
      <Button className="catalog-manager-add" icon={<FolderAddOutlined aria-hidden />} onClick={() => setForm({ kind: 'add', parent: null })} disabled={busy && !info.isPending}>
        {t('catalogManager.addTop')}
      </Button>
      {body}

      {form?.kind === 'add' && (
        <CatalogNameDialog
          open
          title={form.parent ? t('catalogManager.addSubTitle', { name: form.parent.title }) : t('catalogManager.newTitle')}
          okText={t('catalogManager.create')}
          initialName=""
          saving={changes.create.isPending}
          onSubmit={(name) => changes.create.mutate({ parentCatId: form.parent?.catId ?? 0, name })}
          onClose={() => setForm(null)}
        />
      )}
      {form?.kind === 'rename' && (
        <CatalogNameDialog
          open
          title={t('catalogManager.renameTitle', { name: form.node.title })}
          okText={t('catalogManager.save')}
          initialName={form.node.title}
          saving={changes.rename.isPending}
          onSubmit={(name) => changes.rename.mutate({ catId: form.node.catId, name })}
          onClose={() => setForm(null)}
        />
      )}
      {form?.kind === 'copy' && (
        <CopyCatalogDialog
          open
          item={{ id: itemId, name: context.item.item_name }}
          source={{ catId: form.node.catId, name: form.node.title, parentCatId: form.parentCatId, height: catalogHeight(form.node) }}
          onClose={() => setForm(null)}
          onDone={onChanged}
          onFailed={reload}
        />
      )}
      {form?.kind === 'sort' && (
        <PageOrderDialog open itemId={itemId} initialCatId={form.catId} onClose={() => setForm(null)} onSaved={onChanged} />
      )}
    </Modal>
  );
}
