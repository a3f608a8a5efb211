import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** ShowDoc's tag colour names; antd knows them all. Anything else (a hex code, junk) falls back to grey. */
const TAG_COLORS = new Set(['blue', 'green', 'orange', 'red', 'purple', 'cyan', 'gold', 'lime', 'magenta', 'volcano', 'geekblue', 'yellow', 'pink', 'grey', 'gray']);

export function tagColor(color: string): string {
  const name = color.toLowerCase();
  if (TAG_COLORS.has(name)) return name === 'grey' || name === 'gray' ? 'default' : name;
  return /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(color) ? color : 'default';
}

const PRIORITY_COLORS: Record<string, string> = { low: 'default', medium: 'blue', high: 'orange', urgent: 'red' };

type KnownPriority = 'low' | 'medium' | 'high' | 'urgent';

function isKnown(priority: string): priority is KnownPriority {
  return priority in PRIORITY_COLORS;
}

export function PriorityTag({ priority }: { priority: string }) {
  const { t } = useTranslation();
  if (!priority) return null;
  const label = isKnown(priority) ? t(`board.priorities.${priority}`) : priority;
  return (
    <Tag className="kanban-priority" color={PRIORITY_COLORS[priority] ?? 'default'} title={t('board.priority')}>
      {label}
    </Tag>
  );
}
