import { useCallback, useState } from 'react';
import type { ItemGroup } from '../../api/itemGroup';
import { ALL_GROUP_ID, readStoredGroupId, storeGroupId } from './item-rules';

/**
 * The group the list shows, remembered in this browser (seed 000 §2, ShowDoc's `deaultItemGroupId`).
 * A remembered group that has since been deleted shows "All" instead.
 */
export function useChosenGroup(groups: ItemGroup[] | undefined): [number, (groupId: number) => void] {
  const [chosen, setChosen] = useState(readStoredGroupId);
  const choose = useCallback((groupId: number) => {
    setChosen(groupId);
    storeGroupId(groupId);
  }, []);
  const exists = chosen <= 0 || groups === undefined || groups.some((group) => group.id === chosen);
  return [exists ? chosen : ALL_GROUP_ID, choose];
}
