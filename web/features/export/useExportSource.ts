import { useQuery } from '@tanstack/react-query';
import { readerItemQuery } from '../reader/queries';
import type { ReaderToolContext } from '../reader/tools';

/**
 * The project an export form needs (its type and menu of catalogs and pages): the reader already has
 * it; the project list and the export screen ask `item/info`.
 */
export function useExportSource(itemRef: string, known: ReaderToolContext['item'] | null) {
  const hasMenu = known?.menu !== undefined;
  const query = useQuery({ ...readerItemQuery(itemRef), enabled: !hasMenu });
  const item = hasMenu ? known : (query.data ?? null);
  return { item, loading: !hasMenu && query.isPending, error: hasMenu ? null : query.error, retry: () => void query.refetch() };
}
