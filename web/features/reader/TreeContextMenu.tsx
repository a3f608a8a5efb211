import { DeleteOutlined, EditOutlined, FileAddOutlined, FolderAddOutlined, LinkOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, type MenuProps } from 'antd';
import { LazyDropdown } from '../../components/LazyDropdown';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createCatalog, deleteCatalog, renameCatalog } from '../../api/catalog';
import { savePage } from '../../api/page-edit';
import { deletePage, fetchPage, readerKeys } from '../../api/reader';
import { copyToClipboard } from '../pageShare/clipboard';
import type { MenuNode, TreeRow } from './menu-tree';
import { treeMenuActions, type TreeMenuAction } from './tree-menu';
import { useReaderTools, type ReaderToolContext } from './tools';
import { withAllTexts } from '../../i18n';

// The name dialogs (antd's Form) download when an editor opens one, not with every reader.
const PageTitleDialog = lazy(() => withAllTexts(import('./PageTitleDialog')));
const CatalogNameDialog = lazy(() => withAllTexts(import('../catalog/CatalogNameDialog')).then((module) => ({ default: module.CatalogNameDialog })));

export interface TreeMenuAnchor {
  row: TreeRow;
  /** Where the menu opens: the pointer, or the row's corner when opened from the keyboard. */
  x: number;
  y: number;
}

export interface TreeContextMenuOptions {
  itemId: number;
  context: ReaderToolContext;
  canEdit: boolean;
  hrefFor: (pageId: number) => string;
  /** After a page or catalog was created, renamed or deleted: the reader reloads the tree. */
  onChanged: () => void;
  /** A deleted page was the one on screen. */
  onCurrentPageDeleted: () => void;
  currentPageId: number | null;
}

interface TreeContextMenuProps extends TreeContextMenuOptions {
  /** Where the menu is open, or null when it is closed. */
  anchor: TreeMenuAnchor | null;
  setAnchor: (anchor: TreeMenuAnchor | null) => void;
}

type NameDialog = { kind: 'newSubCatalog' | 'renameCatalog' | 'renamePage'; node: MenuNode } | null;

const icons: Record<TreeMenuAction, ReactNode> = {
  newPage: <FileAddOutlined aria-hidden />,
  newCatalog: <FolderAddOutlined aria-hidden />,
  newSubCatalog: <FolderAddOutlined aria-hidden />,
  rename: <EditOutlined aria-hidden />,
  delete: <DeleteOutlined aria-hidden />,
  copyLink: <LinkOutlined aria-hidden />,
};

function pagesUnder(node: MenuNode): number {
  return node.kind === 'page' ? 1 : node.children.reduce((sum, child) => sum + pagesUnder(child), 0);
}

/**
 * The catalog tree's right-click menu (tree-menu.ts says what it offers), downloaded when an editor first
 * opens it (useTreeContextMenu.tsx). It reuses the calls of the
 * editors' bar and the catalog manager (catalog/save, catalog/delete, page/delete, page/save) and opens
 * as one menu at the pointer, so the tree's rows stay plain.
 */
export default function TreeContextMenu(props: TreeContextMenuProps) {
  const { itemId, context, canEdit, hrefFor, onChanged, onCurrentPageDeleted, currentPageId, anchor, setAnchor } = props;
  const { t } = useTranslation();
  const { message, modal } = AntApp.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tools = useReaderTools();
  const [nameDialog, setNameDialog] = useState<NameDialog>(null);
  const [saving, setSaving] = useState(false);

  const actions = anchor ? treeMenuActions(anchor.row, canEdit).filter((action) => action !== 'newCatalog' || tools.has('newCatalog')) : [];
  const kind = anchor?.row.node.kind ?? 'page';
  const label = (action: TreeMenuAction) => t(`reader.treeMenu.${action === 'newPage' && kind === 'catalog' ? 'newPageHere' : action}`);
  const items: NonNullable<MenuProps['items']> = actions.map((action) => ({ key: action, icon: icons[action], label: label(action), danger: action === 'delete' }));

  const fail = (error: unknown) => void message.error(error instanceof Error ? error.message : String(error));
  const catalogOf = (row: TreeRow): number => (row.node.kind === 'catalog' ? row.node.catId : Number(row.parentKey?.slice(1) ?? 0));

  const confirmDelete = (node: MenuNode) => {
    if (node.kind === 'page') {
      void modal.confirm({
        title: t('reader.deleteConfirmTitle', { title: node.title }),
        content: t('reader.deleteConfirmText'),
        okText: t('reader.deleteOk'),
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await deletePage(node.pageId);
            void message.success(t('reader.deleteDone'));
            queryClient.removeQueries({ queryKey: readerKeys.page(node.pageId) });
            onChanged();
            if (node.pageId === currentPageId) onCurrentPageDeleted();
          } catch (error) {
            fail(error);
          }
        },
      });
      return;
    }
    const count = pagesUnder(node);
    void modal.confirm({
      title: t('catalogManager.deleteTitle', { name: node.title }),
      content: count > 0 ? t('catalogManager.deleteWithPages', { count }) : t('catalogManager.deleteEmpty'),
      okText: t('catalogManager.deleteOk'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteCatalog(itemId, node.catId);
          void message.success(t('catalogManager.deleted'));
          onChanged();
        } catch (error) {
          fail(error);
        }
      },
    });
  };

  const run = async (action: TreeMenuAction, row: TreeRow) => {
    const { node } = row;
    if (action === 'newPage') {
      const catId = catalogOf(row);
      navigate(`/page/edit/${itemId}/0${catId > 0 ? `?cat_id=${catId}` : ''}`);
    } else if (action === 'newCatalog') tools.onTool('newCatalog', context);
    else if (action === 'newSubCatalog') setNameDialog({ kind: 'newSubCatalog', node });
    else if (action === 'rename') setNameDialog({ kind: node.kind === 'page' ? 'renamePage' : 'renameCatalog', node });
    else if (action === 'delete') confirmDelete(node);
    else if (node.kind === 'page') {
      const link = new URL(hrefFor(node.pageId), window.location.origin).href;
      if (await copyToClipboard(link)) void message.success(t('reader.treeMenu.linkCopied'));
      else void modal.info({ title: t('reader.treeMenu.copyByHand'), content: link });
    }
  };

  const submitName = async (name: string) => {
    if (!nameDialog) return;
    const { node } = nameDialog;
    setSaving(true);
    try {
      if (nameDialog.kind === 'newSubCatalog' && node.kind === 'catalog') {
        await createCatalog(itemId, name, node.catId);
        void message.success(t('catalogManager.created'));
      } else if (nameDialog.kind === 'renameCatalog' && node.kind === 'catalog') {
        await renameCatalog(itemId, node.catId, name);
        void message.success(t('catalogManager.renamed'));
      } else if (node.kind === 'page') {
        // A rename is a save of the page as it is, under the new title: the version check catches an edit in between.
        const page = await fetchPage(node.pageId);
        await savePage({ page_id: page.page_id, item_id: itemId, cat_id: page.cat_id, page_title: name, page_content: page.page_content, version: page.version });
        void queryClient.invalidateQueries({ queryKey: readerKeys.page(node.pageId) });
        void message.success(t('reader.treeMenu.pageRenamed'));
      }
      setNameDialog(null);
      onChanged();
    } catch (error) {
      fail(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <LazyDropdown
        open={anchor !== null && items.length > 0}
        onOpenChange={(open) => {
          if (!open) setAnchor(null);
        }}
        trigger={['contextMenu']}
        menu={{
          items,
          onClick: ({ key }) => {
            const row = anchor?.row;
            setAnchor(null);
            if (row) void run(key as TreeMenuAction, row);
          },
        }}
      >
        <span className="reader-tree-menu-anchor" style={{ position: 'fixed', left: anchor?.x ?? 0, top: anchor?.y ?? 0, width: 1, height: 1 }} />
      </LazyDropdown>
      {nameDialog?.kind === 'renamePage' ? (
        <Suspense fallback={null}>
          <PageTitleDialog title={t('reader.treeMenu.renamePageTitle', { title: nameDialog.node.title })} initialTitle={nameDialog.node.title} saving={saving} onSubmit={submitName} onClose={() => setNameDialog(null)} />
        </Suspense>
      ) : nameDialog === null ? null : (
        <Suspense fallback={null}>
          <CatalogNameDialog
            open
            title={
              nameDialog.kind === 'newSubCatalog'
                ? t('catalogManager.addSubTitle', { name: nameDialog.node.title })
                : t('catalogManager.renameTitle', { name: nameDialog.node.title })
            }
            okText={nameDialog.kind === 'newSubCatalog' ? t('catalogManager.create') : t('catalogManager.save')}
            initialName={nameDialog.kind === 'renameCatalog' ? nameDialog.node.title : ''}
            saving={saving}
            onSubmit={(name) => void submitName(name)}
            onClose={() => setNameDialog(null)}
          />
        </Suspense>
      )}
    </>
  );
}
