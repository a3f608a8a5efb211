import { CopyOutlined, EllipsisOutlined, FolderAddOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, type MenuProps } from 'antd';
import { LazyDropdown } from '../../components/LazyDropdown';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/LinkButton';
import type { PageInfo } from '../../api/reader';
import { MenuIcon, preloadMenuIcons } from './MenuIcon';
import { loadToolDialogCode } from './registered-tools';
import { useReaderTools, type ReaderToolContext, type ReaderToolKind } from './tools';
import { whenIdle } from '../../components/when-idle';

export type PageAction = 'pageInfo' | 'deletePage';

interface EditorBarProps {
  context: ReaderToolContext;
  /** The project's id, for the editor's address (a personal domain is not accepted there). */
  itemId: number;
  page: PageInfo | null;
  onPageAction: (action: PageAction) => void;
  /** Called before leaving for the editor (the mobile drawer closes). */
  onLeave?: () => void;
}

/**
 * Seed 001 §2 "Left bottom bar" (item_edit only): new page, copy page, new catalog, and a menu with the
 * recycle bin, page history, sort pages, page info and delete page. The editor is its own screen; tools
 * whose dialog is not registered are left out.
 */
export function EditorBar({ context, itemId, page, onPageAction, onLeave }: EditorBarProps) {
  const { t } = useTranslation();
  const tools = useReaderTools();
  const pageId = page ? page.page_id : null;

  const toolEntry = (kind: ReaderToolKind, icon: ReactNode, label: string, needsPage = false) =>
    tools.has(kind) && (!needsPage || pageId !== null) ? [{ key: `tool:${kind}`, icon, label }] : [];

  const menuItems: NonNullable<MenuProps['items']> = [
    ...toolEntry('catalogManager', <MenuIcon name="folder" />, t('reader.tools.catalogManager')),
    // The server lets only managers list and restore deleted pages.
    ...(context.item.item_manage === true ? toolEntry('recycleBin', <MenuIcon name="rest" />, t('reader.tools.recycleBin')) : []),
    ...toolEntry('pageHistory', <MenuIcon name="history" />, t('reader.tools.pageHistory'), true),
    ...toolEntry('sortPages', <MenuIcon name="orderedList" />, t('reader.tools.sortPages')),
    ...(pageId !== null
      ? [
          { key: 'page:pageInfo', icon: <MenuIcon name="infoCircle" />, label: t('reader.pageInfo') },
          { type: 'divider' as const },
          { key: 'page:deletePage', icon: <MenuIcon name="delete" />, label: t('reader.deletePage'), danger: true },
        ]
      : []),
  ];

  // The menu's icons and where the tools' dialogs are come when the browser is idle: only editors have this bar.
  useEffect(
    () =>
      whenIdle(() => {
        void preloadMenuIcons();
        loadToolDialogCode().catch(() => undefined);
      }),
    [],
  );

  const onMenu = (key: string) => {
    if (key.startsWith('tool:')) tools.onTool(key.slice('tool:'.length) as ReaderToolKind, context);
    else if (key.startsWith('page:')) onPageAction(key.slice('page:'.length) as PageAction);
  };

  return (
    <div className="reader-editor-bar" role="toolbar" aria-label={t('reader.editorTools')}>
      <LinkButton title={t('reader.newPage')} type="text" to={`/page/edit/${itemId}/0`} icon={<PlusOutlined aria-hidden />} aria-label={t('reader.newPage')} onClick={onLeave} />
      {pageId !== null && (
        <LinkButton
          title={t('reader.copyPage')}
          type="text"
          to={`/page/edit/${itemId}/0?copy_page_id=${pageId}`}
          icon={<CopyOutlined aria-hidden />}
          aria-label={t('reader.copyPage')}
          onClick={onLeave}
        />
      )}
      {tools.has('newCatalog') && (
        <Button
          title={t('reader.tools.newCatalog')}
          type="text"
          icon={<FolderAddOutlined aria-hidden />}
          aria-label={t('reader.tools.newCatalog')}
          onClick={() => tools.onTool('newCatalog', context)}
        />
      )}
      {menuItems.length > 0 && (
        <LazyDropdown trigger={['click']} placement="topRight" prepare={preloadMenuIcons} menu={{ items: menuItems, onClick: ({ key }) => onMenu(key) }}>
          <Button type="text" icon={<EllipsisOutlined aria-hidden />} aria-label={t('reader.moreTools')} title={t('reader.moreTools')} />
        </LazyDropdown>
      )}
    </div>
  );
}
