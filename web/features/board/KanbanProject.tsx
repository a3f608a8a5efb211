import { useQuery } from '@tanstack/react-query';
import { Collapse, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReaderItem } from '../../api/reader';
import { kanbanBoardQuery, type KanbanList, type KanbanTask } from './api';
import { BoardFrame } from './BoardFrame';
import { KanbanCard } from './KanbanCard';
import { TaskDialog } from './TaskDialog';

function Column({ list, onOpen, archived = false }: { list: KanbanList; onOpen: (task: KanbanTask) => void; archived?: boolean }) {
  const { t } = useTranslation();
  const title = archived ? t('board.archivedList', { title: list.title }) : list.title;
  return (
    <section className="kanban-column" aria-label={title}>
      <header className="kanban-column-head">
        <h2 className="kanban-column-title">{title}</h2>
        <span className="kanban-column-count">{t('board.cardCount', { count: list.tasks.length })}</span>
      </header>
      {list.tasks.length === 0 ? (
        <p className="kanban-column-empty">{t('board.emptyList')}</p>
      ) : (
        <ol className="kanban-cards">
          {list.tasks.map((task) => (
            <li key={task.page_id}>
              <KanbanCard task={task} onOpen={onOpen} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A ShowDoc kanban board (type 6) brought over by the migration: its columns and task cards, read-only. */
export function KanbanProject({ itemRef, item }: { itemRef: string; item: ReaderItem }) {
  const { t } = useTranslation();
  const board = useQuery(kanbanBoardQuery(itemRef, item.item_id));
  const [open, setOpen] = useState<KanbanTask | null>(null);
  const data = board.data;

  let content;
  if (board.isPending) {
    content = (
      <div className="kanban-board" role="status" aria-label={t('board.loading')}>
        {[0, 1, 2].map((n) => (
          <div key={n} className="kanban-column">
            <Skeleton active paragraph={{ rows: 4 }} />
          </div>
        ))}
      </div>
    );
  } else if (data) {
    const archivedCount = data.archived_lists.length + data.archived_tasks.length;
    const hasLoose = data.loose_tasks.length > 0;
    content = (
      <>
        {data.lists.length === 0 && !hasLoose ? (
          <Empty description={t('board.emptyBoard')} />
        ) : (
          <div className="kanban-board">
            {data.lists.map((list) => (
              <Column key={list.id} list={list} onOpen={setOpen} />
            ))}
            {hasLoose && <Column list={{ id: '', title: t('board.looseTasks'), tasks: data.loose_tasks }} onOpen={setOpen} />}
          </div>
        )}
        {archivedCount > 0 && (
          <Collapse
            className="kanban-archived"
            items={[
              {
                key: 'archived',
                label: t('board.archived', { count: archivedCount }),
                children: (
                  <div className="kanban-board">
                    {data.archived_lists.map((list) => (
                      <Column key={list.id} list={list} onOpen={setOpen} archived />
                    ))}
                    {data.archived_tasks.length > 0 && <Column list={{ id: '', title: t('board.archived', { count: data.archived_tasks.length }), tasks: data.archived_tasks }} onOpen={setOpen} />}
                  </div>
                ),
              },
            ]}
          />
        )}
      </>
    );
  }

  return (
    <BoardFrame itemRef={itemRef} item={item} notice={t('board.readOnlyKanban')} error={board.error} onRetry={() => void board.refetch()}>
      {content}
      {open && <TaskDialog task={open} onClose={() => setOpen(null)} />}
    </BoardFrame>
  );
}
