import { FileTextOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useCallback } from 'react';
import { useSortAccessibility, useSortSensors } from '../../components/sortable';
import { useSortableRow } from '../../components/useSortableRow';
import './catalog.css';

export interface SortableEntry {
  id: number;
  title: string;
}

interface SortablePageListProps {
  label: string;
  entries: readonly SortableEntry[];
  disabled?: boolean;
  /** The new order of ids after a drag. */
  onReorder: (ids: number[]) => void;
}

/** Pages in their order, each with a handle to drag by pointer, finger or keyboard. */
export function SortablePageList({ label, entries, disabled, onReorder }: SortablePageListProps) {
  const sensors = useSortSensors();
  const nameOf = useCallback((id: UniqueIdentifier) => entries.find((entry) => entry.id === id)?.title ?? '', [entries]);
  const positionOf = useCallback((id: UniqueIdentifier) => ({ position: entries.findIndex((entry) => entry.id === id) + 1, total: entries.length }), [entries]);
  const accessibility = useSortAccessibility(nameOf, positionOf);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = entries.findIndex((entry) => entry.id === active.id);
    const to = entries.findIndex((entry) => entry.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove([...entries], from, to).map((entry) => entry.id));
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={entries.map((entry) => entry.id)} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ol className="catalog-page-order" aria-label={label}>
          {entries.map((entry) => (
            <PageRow key={entry.id} entry={entry} sortable={!disabled && entries.length > 1} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function PageRow({ entry, sortable }: { entry: SortableEntry; sortable: boolean }) {
  const row = useSortableRow(entry.id, entry.title, sortable);
  return (
    <li ref={row.ref} style={row.style} className={row.isDragging ? 'catalog-page-row is-dragging' : 'catalog-page-row'}>
      {row.handle}
      <FileTextOutlined aria-hidden className="catalog-page-icon" />
      <span className="catalog-page-title">{entry.title}</span>
    </li>
  );
}
