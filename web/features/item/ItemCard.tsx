import {
  ApiOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  ExportOutlined,
  FolderOpenOutlined,
  InboxOutlined,
  LockOutlined,
  LogoutOutlined,
  MoreOutlined,
  RestOutlined,
  SettingOutlined,
  ShareAltOutlined,
  StarFilled,
  StarOutlined,
  SwapOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useSortableRow } from '../../components/useSortableRow';
import { Button, Dropdown, Tag, Tooltip, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { itemPath, type ListItem } from '../../api/item';
import { itemMenu, type ItemAction } from './item-actions';
import { ItemTypeIcon } from './ItemTypeIcon';
import { relativeTime } from '../../i18n/dates';
import { parseServerTime } from './time';

const actionIcons: Record<ItemAction, ReactNode> = {
  open: <FolderOpenOutlined aria-hidden />,
  share: <ShareAltOutlined aria-hidden />,
  star: <StarOutlined aria-hidden />,
  unstar: <StarFilled aria-hidden />,
  leave: <LogoutOutlined aria-hidden />,
  baseInfo: <EditOutlined aria-hidden />,
  settings: <SettingOutlined aria-hidden />,
  members: <TeamOutlined aria-hidden />,
  openApi: <ApiOutlined aria-hidden />,
  recycleBin: <RestOutlined aria-hidden />,
  export: <ExportOutlined aria-hidden />,
  copy: <CopyOutlined aria-hidden />,
  transfer: <SwapOutlined aria-hidden />,
  archive: <InboxOutlined aria-hidden />,
  delete: <DeleteOutlined aria-hidden />,
};

const dangerous: ReadonlySet<ItemAction> = new Set(['leave', 'delete']);

/** The project's menu (open, share, star, … by role); the rules live in `item-actions.ts`. */
export function ItemMenuButton({ item, onAction }: { item: ListItem; onAction: (action: ItemAction, item: ListItem) => void }) {
  const { t } = useTranslation();
  let dividers = 0;
  const items: NonNullable<MenuProps['items']> = itemMenu(item).map((entry) =>
    entry === 'divider'
      ? { type: 'divider' as const, key: `divider-${++dividers}` }
      : { key: entry, icon: actionIcons[entry], label: t(`items.actions.${entry}`), danger: dangerous.has(entry) },
  );
  return (
    <Dropdown trigger={['click']} placement="bottomRight" menu={{ items, onClick: ({ key }) => onAction(key as ItemAction, item) }}>
      <Button type="text" size="small" className="item-card-menu" icon={<MoreOutlined aria-hidden />} aria-label={t('items.actionsFor', { name: item.item_name })} />
    </Dropdown>
  );
}

/** One project: a link covering the card, its menu, and (in a sortable list) a drag handle. */
export function ItemCard({
  item,
  sortable,
  onAction,
}: {
  item: ListItem;
  sortable: boolean;
  onAction: (action: ItemAction, item: ListItem) => void;
}) {
  const { t, i18n } = useTranslation();
  const row = useSortableRow(item.item_id, item.item_name, sortable);
  const updated = parseServerTime(item.last_update_time);

  return (
    <li ref={row.ref} style={row.style} className={row.isDragging ? 'item-card is-dragging' : 'item-card'}>
      <Link to={itemPath(item)} className="item-card-link">
        <span className="item-card-icon">
          <ItemTypeIcon itemType={item.item_type} />
        </span>
        <span className="item-card-name">{item.item_name}</span>
        <span className="item-card-desc">{item.item_description}</span>
        <span className="item-card-footer">
          <span className="item-card-time">{updatedText(updated, i18n.language, t)}</span>
          <span className="item-card-badges">
            {item.is_archived === 1 && <Tag className="item-card-tag">{t('items.archived')}</Tag>}
            {item.is_private === 1 && (
              <Tooltip title={t('items.private')}>
                <LockOutlined className="item-card-badge" aria-label={t('items.private')} />
              </Tooltip>
            )}
            {item.is_star === 1 && <StarFilled className="item-card-badge item-card-star" aria-label={t('items.starredBadge')} />}
          </span>
        </span>
      </Link>
      <span className="item-card-tools">
        {row.handle}
        <ItemMenuButton item={item} onAction={onAction} />
      </span>
    </li>
  );
}

/** The placeholder cards while the list loads. */
export function ItemCardSkeletons({ count = 6 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <ul className="item-grid" aria-busy="true" aria-label={t('app.loading')}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="item-card item-card-skeleton">
          <span className="skeleton-block skeleton-icon" />
          <span className="skeleton-block skeleton-line w60" />
          <span className="skeleton-block skeleton-line w90" />
          <span className="skeleton-block skeleton-line w40" />
        </li>
      ))}
    </ul>
  );
}

function updatedText(updated: Date | null, language: string, t: TFunction): string {
  if (!updated) return '';
  const time = relativeTime(updated, language);
  return time === null ? t('items.updatedJustNow') : t('items.updated', { time });
}
