import { QueryClient } from '@tanstack/react-query';

/** The portal's one QueryClient. Retries live in the HTTP client, so queries do not retry again. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: 60_000, staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
