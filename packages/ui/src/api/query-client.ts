import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/**
 * The query client with the spec's defaults: data never goes stale, no refetch on window focus,
 * no polling, no retries of queries or mutations. Screens that want fresher data set staleTime.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
