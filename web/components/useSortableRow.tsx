import { HolderOutlined } from '@ant-design/icons';
import type { UniqueIdentifier } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SortableRow {
  ref: (element: HTMLElement | null) => void;
  style: CSSProperties;
  isDragging: boolean;
  /** The drag handle, or null when the list cannot be sorted now (a search is active). */
  handle: ReactNode;
}

/**
 * One entry of a sortable list (projects, groups, pages). It moves only by its handle, a real button, so
 * the keyboard sorts as well as the mouse and the rest of the entry stays clickable.
 */
export function useSortableRow(id: UniqueIdentifier, name: string, sortable: boolean): SortableRow {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: !sortable });
  const handle = sortable ? (
    <button type="button" ref={setActivatorNodeRef} className="drag-handle" {...attributes} {...listeners} aria-label={t('sortable.handle', { name })}>
      <HolderOutlined aria-hidden />
    </button>
  ) : null;
  return { ref: setNodeRef, style: { transform: CSS.Translate.toString(transform), transition }, isDragging, handle };
}
