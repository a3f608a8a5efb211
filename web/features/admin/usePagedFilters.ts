import { useState } from 'react';
import { useDebouncedValue } from '../../components/useDebouncedValue';

const SEARCH_DELAY_MS = 300;

/**
 * A list's filters and its page. Typed text is debounced; any change of filter starts again at page 1
 * (adjusted while rendering, so no call ever asks for the old page of a new search).
 */
export function usePagedFilters<F extends Record<string, string | number>>(initial: F) {
  const [typed, setTyped] = useState<F>(initial);
  const filters = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const [page, setPage] = useState(1);
  const signature = JSON.stringify(filters);
  const [searched, setSearched] = useState(signature);
  if (searched !== signature) {
    setSearched(signature);
    setPage(1);
  }
  const set = <K extends keyof F>(key: K, value: F[K]) => setTyped((old) => ({ ...old, [key]: value }));
  return { typed, filters, set, page, setPage };
}

/** After a delete empties the last page, step back to the page that is now the last. */
export function lastPageOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
