import { EditOutlined, EllipsisOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Button, type MenuProps } from 'antd';
import { LazyDropdown } from '../../components/LazyDropdown';
import { useContext, useEffect, useRef, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ItemSummary } from '../../api/item';
import { LinkButton } from '../../components/LinkButton';
import type { ItemAction } from '../item/item-actions';
import type { ArchivedAccess } from './archived-access';
import { HeaderMenuSlot } from './header-menu-slot';
import { MenuIcon, preloadMenuIcons } from './MenuIcon';
import { loadToolDialogCode } from './registered-tools';
import { whenIdle } from '../../components/when-idle';
import { useReaderTools, type ReaderToolContext, type ReaderToolKind } from './tools';

interface HeaderActionsProps {
  item: ItemSummary;
  context: ReaderToolContext;
  canEdit: boolean;
  canManage: boolean;
  /** The page on screen, for the edit icon. */
  pageId: number | null;
  runItemAction: (action: ItemAction, item: ItemSummary) => void;
  /** An archived project: what its managers and owner may still do (archived-access.ts). */
  archivedAccess?: ArchivedAccess | undefined;
}

/**
 * Seed 001 §2: edit page (item_edit, a page on screen), share, and the managers' ellipsis menu (import,
 * export, members, recycle bin, base info, change log, transfer, archive, delete, open API). The
 * project dialogs of the project list serve here too; the others appear once they are registered.
 */
export function HeaderActions({ item, context, canEdit, canManage, pageId, runItemAction, archivedAccess }: HeaderActionsProps) {
  const { t } = useTranslation();
  const tools = useReaderTools();
  const tool = (kind: ReaderToolKind, icon: ReactNode, label: string) => (tools.has(kind) ? [{ key: `tool:${kind}`, icon, label }] : []);
  const archived = item.is_archived === 1;

  const managerItems: NonNullable<MenuProps['items']> = archived
    ? archivedItems(archivedAccess, tool, t)
    : canManage
    ? [
        ...tool('import', <MenuIcon name="import" />, t('reader.tools.import')),
        ...tool('export', <MenuIcon name="export" />, t('reader.tools.export')),
        { key: 'item:settings', icon: <MenuIcon name="setting" />, label: t('items.actions.settings') },
        ...tool('members', <MenuIcon name="team" />, t('reader.tools.members')),
        ...tool('recycleBin', <MenuIcon name="rest" />, t('reader.tools.recycleBin')),
        { key: 'item:baseInfo', icon: <MenuIcon name="profile" />, label: t('items.actions.baseInfo') },
        ...tool('changeLog', <MenuIcon name="unorderedList" />, t('reader.tools.changeLog')),
        { key: 'item:openApi', icon: <MenuIcon name="api" />, label: t('items.actions.openApi') },
        { type: 'divider' as const },
        { key: 'item:transfer', icon: <MenuIcon name="swap" />, label: t('items.actions.transfer') },
        { key: 'item:archive', icon: <MenuIcon name="inbox" />, label: t('items.actions.archive') },
        { key: 'item:delete', icon: <MenuIcon name="delete" />, label: t('items.actions.delete'), danger: true },
      ]
    : [];

  // The menu's icons and where its dialogs are come when the browser is idle, for those who have the menu.
  const hasMenu = managerItems.length > 0;
  useEffect(
    () =>
      hasMenu
        ? whenIdle(() => {
            void preloadMenuIcons();
            loadToolDialogCode().catch(() => undefined);
          })
        : undefined,
    [hasMenu],
  );

  const onManagerMenu = (key: string) => {
    if (key.startsWith('tool:')) tools.onTool(key.slice('tool:'.length) as ReaderToolKind, context);
    else if (key.startsWith('item:')) runItemAction(key.slice('item:'.length) as ItemAction, item);
  };

  // On a phone the header folds these entries into its one menu. They are handed over again only when
  // what they say changes (the entries are new objects on every render); clicks always reach the latest handler.
  const fold = useContext(HeaderMenuSlot);
  const latest = useRef({ items: managerItems, onClick: onManagerMenu });
  latest.current = { items: managerItems, onClick: onManagerMenu };
  const signature = managerItems.map((entry) => (entry && 'label' in entry ? `${String(entry.key)}:${String(entry.label)}` : '-')).join('|');
  useEffect(() => {
    if (!fold) return;
    fold(signature === '' ? null : { items: latest.current.items, onClick: (key) => latest.current.onClick(key) });
    return () => fold(null);
  }, [fold, signature]);

  return (
    <>
      {canEdit && pageId !== null && (
        <LinkButton title={t('reader.editPage')} type="text" to={`/page/edit/${item.item_id}/${pageId}`} icon={<EditOutlined aria-hidden />} aria-label={t('reader.editPage')} />
      )}
      <Button title={t('reader.share')} type="text" icon={<ShareAltOutlined aria-hidden />} aria-label={t('reader.share')} onClick={() => runItemAction('share', item)} />
      {managerItems.length > 0 && !fold && (
        <LazyDropdown trigger={['click']} placement="bottomRight" prepare={preloadMenuIcons} menu={{ items: managerItems, onClick: ({ key }) => onManagerMenu(key) }}>
          <Button type="text" icon={<EllipsisOutlined aria-hidden />} aria-label={t('reader.manageProject')} title={t('reader.manageProject')} />
        </LazyDropdown>
      )}
    </>
  );
}

type ToolEntry = (kind: ReaderToolKind, icon: ReactNode, label: string) => NonNullable<MenuProps['items']>;

/**
 * An archived project is read-only (nothing to import, no settings, base info, recycle bin or second
 * archive), but its managers keep what changes nothing: export, the members (read-only), the change
 * log, the open API key, a copy; its owner may still transfer or delete it. The server allows exactly these.
 */
function archivedItems(access: ArchivedAccess | undefined, tool: ToolEntry, t: TFunction): NonNullable<MenuProps['items']> {
  if (!access?.manage) return [];
  return [
    ...tool('export', <MenuIcon name="export" />, t('reader.tools.export')),
    ...tool('members', <MenuIcon name="team" />, t('reader.tools.members')),
    ...tool('changeLog', <MenuIcon name="unorderedList" />, t('reader.tools.changeLog')),
    { key: 'item:openApi', icon: <MenuIcon name="api" />, label: t('items.actions.openApi') },
    { key: 'item:copy', icon: <MenuIcon name="copy" />, label: t('items.actions.copy') },
    ...(access.owner
      ? [
          { type: 'divider' as const },
          { key: 'item:transfer', icon: <MenuIcon name="swap" />, label: t('items.actions.transfer') },
          { key: 'item:delete', icon: <MenuIcon name="delete" />, label: t('items.actions.delete'), danger: true },
        ]
      : []),
  ];
}
