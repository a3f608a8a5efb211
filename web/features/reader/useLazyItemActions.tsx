import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import type { ItemSummary } from '../../api/item';
import type { ItemAction } from '../item/item-actions';
import type { ItemActionRequest } from './ItemActionHost';
import { withAllTexts } from '../../i18n';

const ItemActionHost = lazy(() => withAllTexts(import('./ItemActionHost')));

/** `useItemActions` without its dialogs' code in the reader's first download. */
export function useLazyItemActions(): { run: (action: ItemAction, item: ItemSummary) => void; dialogs: ReactNode } {
  const [request, setRequest] = useState<ItemActionRequest | null>(null);
  const serial = useRef(0);
  const run = useCallback((action: ItemAction, item: ItemSummary) => {
    serial.current += 1;
    setRequest({ action, item, serial: serial.current });
  }, []);
  const dialogs = request ? (
    <Suspense fallback={null}>
      <ItemActionHost request={request} />
    </Suspense>
  ) : null;
  return { run, dialogs };
}
