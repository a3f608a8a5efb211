import { useEffect } from 'react';
import type { ItemSummary } from '../../api/item';
import type { ItemAction } from '../item/item-actions';
import { useItemActions } from '../item/useItemActions';

export interface ItemActionRequest {
  action: ItemAction;
  item: ItemSummary;
  /** Each request is new, even for the same action twice. */
  serial: number;
}

/** The project list's dialogs (share, base info, transfer…), loaded the first time someone asks for one. */
export default function ItemActionHost({ request }: { request: ItemActionRequest }) {
  const { run, dialogs } = useItemActions();
  useEffect(() => {
    run(request.action, request.item);
  }, [request, run]);
  return <>{dialogs}</>;
}
