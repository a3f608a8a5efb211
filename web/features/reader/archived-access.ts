import { useQuery } from '@tanstack/react-query';
import type { ItemDetail } from '../../../common/answers/item';
import { apiPost } from '../../api/client';
import { itemKeys } from '../../api/item';
import { useCurrentUser } from '../user/current-user';

export interface ArchivedAccess {
  /** The caller manages the archived project: export, members (read-only), change log, open API, copy. */
  manage: boolean;
  /** The caller owns it: transfer and delete too. */
  owner: boolean;
}

const NONE: ArchivedAccess = { manage: false, owner: false };

/**
 * `item/info` answers `item_manage: false` for an archived project, as ShowDoc does (nothing can be
 * changed), yet its managers may still export, copy, list members, and its owner delete it (issue 23
 * item 11). `item/detail` answers managers of archived projects too, so it tells who they are; asked
 * quietly, since anyone else is refused and that refusal is no error to show.
 */
export function useArchivedAccess(item: { item_id: number; is_archived: number }): ArchivedAccess {
  const me = useCurrentUser();
  const uid = me.data?.uid ?? 0;
  const detail = useQuery({
    queryKey: itemKeys.archivedAccess(item.item_id),
    queryFn: ({ signal }) => apiPost<ItemDetail>('item/detail', { item_id: item.item_id }, { signal, silent: true }),
    enabled: item.is_archived === 1 && uid > 0,
    retry: false,
    staleTime: 60_000,
  });
  if (item.is_archived !== 1 || !detail.data) return NONE;
  return { manage: true, owner: detail.data.uid === uid };
}
