import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { funeralHomeRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { funeralRequestKeys } from '@/lib/query-keys';

/** GET /web/funeral-home/connection{query}: the home's user requests (page, per_page, search), newest first. */
export const getUserRequests = (params: Record<string, string | number>, signal?: AbortSignal) =>
  callRoute(funeralHomeRoutes.requests, { query: params, signal });

/** The current page stays on screen while the next one loads. */
export const useUserRequests = (params: Record<string, string | number>) =>
  useQuery({
    queryKey: funeralRequestKeys.list(params),
    queryFn: ({ signal }) => getUserRequests(params, signal),
    placeholderData: keepPreviousData,
  });
