import { useQuery } from '@tanstack/react-query';
import { deliveryRoutes, type WatchResponse } from '@pw/contracts';
import { ApiError, callRoute } from '@/lib/api';
import { watchKeys } from '@/lib/query-keys';

/** What a recipient's private link shows (docs/product.md §5); URLs are signed and expire. */
export type WatchMessage = WatchResponse['data'];

export const getWatch = async (token: string, signal?: AbortSignal) =>
  (await callRoute(deliveryRoutes.watch, { params: { token }, signal })).data;

/** GET /watch/{token}: no account needed; 404 means the link is dead. */
export function useWatch(token: string) {
  return useQuery({
    queryKey: watchKeys.one(token),
    queryFn: ({ signal }) => getWatch(token, signal),
    // A dead link stays dead; only network hiccups are worth a second try.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status > 0 && error.status < 500) && failures < 2,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
