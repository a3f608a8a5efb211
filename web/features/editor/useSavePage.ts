import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { ApiCallError } from '../../api/client';
import { catalogKeys } from '../../api/catalog';
import { historyKeys } from '../../api/history';
import { itemKeys } from '../../api/item';
import { savePage, type PageSaveInput } from '../../api/page-edit';
import { readerKeys } from '../../api/reader';

/** Seed 001 §9: a second save within this time of the first one's start is ignored, not sent twice. */
export const SAVE_GUARD_MS = 10_000;

/** The account has no verified e-mail (seed 001 §8): the page is saved, with a warning. */
export const SAVED_WITHOUT_EMAIL = 10250;

export type SaveOutcome =
  | { kind: 'saved'; pageId: number; version: number | undefined; created: boolean; emailWarning: boolean }
  | { kind: 'failed'; message: string; code: number | null }
  | { kind: 'busy' };

/**
 * page/save with the guard against double submission; after a save the reader's copies of the page and
 * of the project's menu are stale and refetched when next shown.
 */
export function useSavePage(itemId: number) {
  const queryClient = useQueryClient();
  // The mutation gives the spinner; the guard below stays a ref, it must hold before React renders again.
  const { mutateAsync, isPending: saving } = useMutation({ mutationFn: savePage });
  const inFlight = useRef<number | null>(null);

  const save = useCallback(
    async (input: Omit<PageSaveInput, 'item_id'>): Promise<SaveOutcome> => {
      if (inFlight.current !== null && Date.now() - inFlight.current < SAVE_GUARD_MS) return { kind: 'busy' };
      inFlight.current = Date.now();
      try {
        const saved = await mutateAsync({ ...input, item_id: itemId });
        const pageId = saved.page_id;
        // Every project's screens: they are keyed by the address's id or personal domain, which is not known here.
        void queryClient.invalidateQueries({ queryKey: itemKeys.projects() });
        void queryClient.invalidateQueries({ queryKey: readerKeys.page(pageId) });
        void queryClient.invalidateQueries({ queryKey: catalogKeys.all() });
        void queryClient.invalidateQueries({ queryKey: historyKeys.versions(pageId) });
        return { kind: 'saved', pageId, version: saved.version, created: input.page_id === 0, emailWarning: false };
      } catch (error) {
        if (error instanceof ApiCallError && error.code === SAVED_WITHOUT_EMAIL) {
          void queryClient.invalidateQueries({ queryKey: itemKeys.projects() });
          return { kind: 'saved', pageId: input.page_id, version: undefined, created: false, emailWarning: true };
        }
        const code = error instanceof ApiCallError && error.kind === 'server' ? error.code : null;
        return { kind: 'failed', message: error instanceof Error ? error.message : String(error), code };
      } finally {
        inFlight.current = null;
      }
    },
    [itemId, queryClient, mutateAsync],
  );

  return { save, saving };
}
