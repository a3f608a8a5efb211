import { useQuery } from '@tanstack/react-query';
import { aiKeys, fetchAiStatus } from '../../api/ai';

/**
 * Whether the editor offers the assistant; off while unknown or when the call fails. Asked only once
 * `wanted` (the Doc tools menu was opened), so opening the editor costs no extra request.
 */
export function useAiStatus(wanted: boolean): { enabled: boolean; maxLength: number } {
  const status = useQuery({ queryKey: aiKeys.status(), queryFn: ({ signal }) => fetchAiStatus(signal), staleTime: 60_000, retry: false, enabled: wanted });
  return { enabled: status.data?.enabled === 1, maxLength: status.data?.max_length ?? 0 };
}
