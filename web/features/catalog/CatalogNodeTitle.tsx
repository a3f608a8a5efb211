import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderAddOutlined,
  FolderOutlined,
  MoreOutlined,
  OrderedListOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CatalogNode } from '../reader/menu-tree';

export type CatalogAction = 'addSub' | 'rename' | 'sortPages' | 'moveUp' | 'moveDown' | 'copy' | 'delete';

interface CatalogNodeTitleProps {
  node: CatalogNode;
  /** Whether a sub-catalog would stay within three levels. */
  canAddSub: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
  disabled: boolean;
  onAction: (action: CatalogAction, node: CatalogNode) => void;
}

/** A catalog in the manager's tree: its name and a menu of what can be done with it. */
export function CatalogNodeTitle({ node, canAddSub, canMoveUp, canMoveDown, disabled, onAction }: CatalogNodeTitleProps) {
  const { t } = useTranslation();
  const items: NonNullable<MenuProps['items']> = [
    ...(canAddSub ? [{ key: 'addSub', icon: <FolderAddOutlined aria-hidden />, label: t('catalogManager.addSub') }] : []),
    { key: 'rename', icon: <EditOutlined aria-hidden />, label: t('catalogManager.rename') },
    { key: 'sortPages', icon: <OrderedListOutlined aria-hidden />, label: t('catalogManager.sortPages') },
    ...(canMoveUp ? [{ key: 'moveUp', icon: <ArrowUpOutlined aria-hidden />, label: t('catalogManager.moveUp') }] : []),
    ...(canMoveDown ? [{ key: 'moveDown', icon: <ArrowDownOutlined aria-hidden />, label: t('catalogManager.moveDown') }] : []),
    { key: 'copy', icon: <CopyOutlined aria-hidden />, label: t('catalogManager.copyOrMove') },
    { type: 'divider' },
    { key: 'delete', icon: <DeleteOutlined aria-hidden />, label: t('catalogManager.delete'), danger: true },
  ];
  return (
    <span className="catalog-node">
      <FolderOutlined aria-hidden className="catalog-node-icon" />
      <span className="catalog-node-name">{node.title}</span>
      <Dropdown
        trigger={['click']}
        disabled={disabled}
        menu={{
          items,
          onClick: ({ key, domEvent }) => {
            // The tree would otherwise take the click as one on the node.
            domEvent.stopPropagation();
            onAction(key as CatalogAction, node);
          },
        }}
      >
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined aria-hidden />}
          aria-label={t('catalogManager.actions', { name: node.title })}
          title={t('catalogManager.actions', { name: node.title })}
          onClick={(event) => event.stopPropagation()}
          className="catalog-node-actions"
        />
      </Dropdown>
    </span>
  );
}
