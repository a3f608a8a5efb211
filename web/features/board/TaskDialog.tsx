import { Descriptions, Modal, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../reader/markdown/MarkdownView';
import { useMarkdownRenderer } from '../reader/markdown/render';
import type { KanbanTask } from './api';
import { PriorityTag, tagColor } from './task-labels';

/** A card opened: its details and its description rendered as markdown (sanitised like any page). */
export function TaskDialog({ task, onClose }: { task: KanbanTask; onClose: () => void }) {
  const { t } = useTranslation();
  const render = useMarkdownRenderer();
  const rendered = useMemo(() => (task.description.trim() ? render(task.description) : null), [task.description, render]);
  return (
    <Modal open title={task.title} onCancel={onClose} footer={null} width={640}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'state', label: t('board.status'), children: task.completed ? t('board.completed') : t('board.notCompleted') },
          { key: 'assignee', label: t('board.assignee'), children: task.assignee_username || t('board.unassigned') },
          ...(task.due_date ? [{ key: 'due', label: t('board.dueDate'), children: task.due_date }] : []),
          ...(task.priority ? [{ key: 'priority', label: t('board.priority'), children: <PriorityTag priority={task.priority} /> }] : []),
          ...(task.tags.length
            ? [
                {
                  key: 'tags',
                  label: t('board.tags'),
                  children: task.tags.map((tag, index) => (
                    <Tag key={`${tag.text}-${index}`} color={tagColor(tag.color)} variant="filled">
                      {tag.text}
                    </Tag>
                  )),
                },
              ]
            : []),
        ]}
      />
      <div className="kanban-task-description">{rendered ? <MarkdownView rendered={rendered} className="reader-page-body" /> : <p>{t('board.noDescription')}</p>}</div>
      {task.creator_username && <p className="kanban-task-creator">{t('board.createdBy', { name: task.creator_username })}</p>}
    </Modal>
  );
}
