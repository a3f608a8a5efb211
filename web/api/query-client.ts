import { QueryClient } from '@tanstack/react-query';
import { ApiCallError } from './client';

/**
 * The server's "no" is final (retrying a 10103 changes nothing), so only a lost connection earns one
 * more try, and only for reads.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => error instanceof ApiCallError && error.kind === 'network' && failureCount < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
