import { useQuery } from '@tanstack/react-query';
import type { ReaderItem } from '../../api/reader';
import { readerItemQuery } from '../reader/queries';

/**
 * The project an export form needs (its type and menu of catalogs and pages): the reader already has
 * it; the project list and the export screen ask `item/info`.
 */
export function useExportSource(itemRef: string, known: ReaderItem | null) {
  const hasMenu = known?.menu !== undefined;
  const query = useQuery({ ...readerItemQuery(itemRef), enabled: !hasMenu });
  const item = hasMenu ? known : (query.data ?? null);
  return { item, loading: !hasMenu && query.isPending, error: hasMenu ? null : query.error, retry: () => void query.refetch() };
}
