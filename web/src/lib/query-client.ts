import { QueryClient } from '@tanstack/react-query';
import { isCallableError } from './callable-error';

/**
 * React Query defaults: a portal answer is final (retrying a 4xx cannot help, and the spec 8 rules must not
 * fire twice); a lost connection is retried once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 1 && isCallableError(error) && error.httpStatus === 0,
      },
      mutations: { retry: false },
    },
  });
}
