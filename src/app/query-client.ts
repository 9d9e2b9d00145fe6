import { QueryClient } from '@tanstack/react-query';
import { retryDelay, shouldRetryRead } from '@/api/retry-policy';

/**
 * Reads (queries) are retried on network errors, 5xx and 429 with backoff and Retry-After;
 * mutations never are: a POST whose response was lost may have created a task already, and
 * retrying it would create a second one. The person decides to retry.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryRead,
        retryDelay,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
}
