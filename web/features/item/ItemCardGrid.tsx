import { closestCenter, DndContext, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { itemKeys, sortItems, type ListItem } from '../../api/item';
import { useSortAccessibility, useSortSensors } from '../../components/sortable';
import type { ItemAction } from './item-actions';
import { ItemCard } from './ItemCard';

/**
 * One group's projects as cards, in the person's order. Dragging saves the new order for this group
 * (`item/sort`); when that fails the client has alerted the message, and the list is loaded again.
 */
export function ItemCardGrid({
  items,
  groupId,
  onAction,
}: {
  items: ListItem[];
  groupId: number;
  onAction: (action: ItemAction, item: ListItem) => void;
}) {
  const queryClient = useQueryClient();
  const sensors = useSortSensors();
  const sortable = items.length > 1;

  const save = useMutation({
    mutationFn: (ordered: ListItem[]) => sortItems(Object.fromEntries(ordered.map((item, index) => [item.item_id, index + 1])), groupId),
    onError: () => queryClient.invalidateQueries({ queryKey: itemKeys.list(groupId) }),
  });

  const nameOf = useCallback((id: UniqueIdentifier) => items.find((item) => item.item_id === id)?.item_name ?? '', [items]);
  const positionOf = useCallback(
    (id: UniqueIdentifier) => ({ position: items.findIndex((item) => item.item_id === id) + 1, total: items.length }),
    [items],
  );
  const accessibility = useSortAccessibility(nameOf, positionOf);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.item_id === active.id);
    const to = items.findIndex((item) => item.item_id === over.id);
    if (from < 0 || to < 0) return;
    const ordered = arrayMove(items, from, to);
    queryClient.setQueryData(itemKeys.list(groupId), ordered);
    save.mutate(ordered);
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={items.map((item) => item.item_id)} strategy={rectSortingStrategy} disabled={!sortable}>
        <ul className="item-grid">
          {items.map((item) => (
            <ItemCard key={item.item_id} item={item} sortable={sortable} onAction={onAction} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
