import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ApiRoute } from '@pw/contracts';
import { callRoute } from './api';
import { browserTimeZone } from './dates';

/** A list's URL state as the server reads it: page, per_page, search, sort, order and the screen's filters. */
export type ListParams = Record<string, string | number>;

/**
 * One page of a list whose day filters (from_date/to_date and the like) are the reader's own days: the browser's
 * zone goes with the query as `tz`. The current page stays on screen while the next one loads (no flash of the
 * loading state).
 */
export function useZonedListPage<R extends ApiRoute>(
  queryKey: QueryKey,
  route: R,
  params: ListParams,
  options: { enabled?: boolean; retry?: false } = {},
) {
  return useQuery({
    ...options,
    queryKey,
    queryFn: ({ signal }) => callRoute(route, { query: { ...params, tz: browserTimeZone() }, signal }),
    placeholderData: keepPreviousData,
  });
}
