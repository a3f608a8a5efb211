import {
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DndContextProps,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Drag with a mouse, a finger (on the handle, which has `touch-action: none`) or the keyboard: Space or
 * Enter picks up, arrows move, Space or Enter drops, Escape cancels.
 */
export function useSortSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/**
 * What screen readers hear while sorting, in the interface language. `nameOf` names an entry; `positionOf`
 * gives its 1-based place and the list's length.
 */
export function useSortAccessibility(
  nameOf: (id: UniqueIdentifier) => string,
  positionOf: (id: UniqueIdentifier) => { position: number; total: number },
): NonNullable<DndContextProps['accessibility']> {
  const { t } = useTranslation();
  return useMemo(() => {
    const announcements: Announcements = {
      onDragStart: ({ active }) => t('sortable.picked', { name: nameOf(active.id) }),
      onDragOver: ({ active, over }) => (over ? t('sortable.over', { name: nameOf(active.id), ...positionOf(over.id) }) : undefined),
      onDragEnd: ({ active, over }) =>
        over ? t('sortable.dropped', { name: nameOf(active.id), ...positionOf(over.id) }) : t('sortable.cancelled', { name: nameOf(active.id) }),
      onDragCancel: ({ active }) => t('sortable.cancelled', { name: nameOf(active.id) }),
    };
    return { announcements, screenReaderInstructions: { draggable: t('sortable.instructions') } };
  }, [t, nameOf, positionOf]);
}
