import { CalendarOutlined, CheckCircleFilled, UserOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KanbanTask } from './api';
import { PriorityTag, tagColor } from './task-labels';

/** One task card: a button that opens its description. */
export function KanbanCard({ task, onOpen }: { task: KanbanTask; onOpen: (task: KanbanTask) => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={task.completed ? 'kanban-card is-completed' : 'kanban-card'} onClick={() => onOpen(task)}>
      {task.tags.length > 0 && (
        <span className="kanban-card-tags">
          {task.tags.map((tag, index) => (
            <Tag key={`${tag.text}-${index}`} color={tagColor(tag.color)} variant="filled">
              {tag.text}
            </Tag>
          ))}
        </span>
      )}
      <span className="kanban-card-title">
        {task.completed && <CheckCircleFilled className="kanban-card-done" aria-label={t('board.completed')} />}
        {task.title}
      </span>
      <span className="kanban-card-meta">
        <PriorityTag priority={task.priority} />
        {task.due_date && (
          <span className="kanban-card-due">
            <CalendarOutlined aria-hidden /> {t('board.due', { date: task.due_date })}
          </span>
        )}
        {task.assignee_username && (
          <span className="kanban-card-assignee">
            <UserOutlined aria-label={t('board.assignee')} /> {task.assignee_username}
          </span>
        )}
      </span>
    </button>
  );
}
