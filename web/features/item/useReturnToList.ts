import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { refreshItemLists } from './queries';

/** Seed 000 §4: after a transfer, archive or delete, the project list comes back half a second later. */
export const RETURN_TO_LIST_DELAY_MS = 500;

export function useReturnToList(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const here = useRef(pathname);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    here.current = pathname;
  }, [pathname]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void refreshItemLists(queryClient);
      // Already on the list: reload it in place rather than stacking a second history entry.
      navigate('/item/index', { replace: here.current === '/item/index' });
    }, RETURN_TO_LIST_DELAY_MS);
  }, [queryClient, navigate]);
}
