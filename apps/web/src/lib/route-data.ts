import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { ApiRoute, RouteResponse } from '@pw/contracts';
import { callRoute, type CallInput } from './api';

type DataOf<R extends ApiRoute> = RouteResponse<R> extends { data: infer D } ? D : never;

/**
 * The `data` of a read call (a details screen, the policy notice), cached under `queryKey`. `staleTime` for what
 * changes seldom (the policy version in force changes with a restart of the server).
 */
export function useRouteData<R extends ApiRoute>(
  queryKey: QueryKey,
  route: R,
  input: Omit<CallInput<R>, 'signal'> = {},
  options: { staleTime?: number } = {},
) {
  return useQuery({
    ...options,
    queryKey,
    queryFn: ({ signal }) =>
      callRoute(route, { ...input, signal }).then((body) => (body as { data: DataOf<R> }).data),
  });
}
