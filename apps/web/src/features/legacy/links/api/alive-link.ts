import { useMutation, useQuery } from '@tanstack/react-query';
import { legacyRoutes, type RouteResponse } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { legacyLinkKeys } from '@/lib/query-keys';

export type AlivePage = RouteResponse<typeof legacyRoutes.alivePage>['data'];

/** GET /legacy/alive/{token}: whose link, and whether a report waits. Changes nothing (mail scanners). */
export const fetchAlivePage = async (token: string): Promise<AlivePage> =>
  (await callRoute(legacyRoutes.alivePage, { params: { token } })).data;

export const useAlivePage = (token: string) =>
  useQuery({
    queryKey: legacyLinkKeys.alive(token),
    queryFn: () => fetchAlivePage(token),
    retry: false,
    // The link ends once used: the page keeps what it showed rather than read a 404 behind the answer.
    staleTime: Infinity,
  });

/** POST /legacy/alive/{token}: the owner's "I'm alive" — cancels the waiting report, answers a check-in. */
export const useAlive = (token: string) =>
  useMutation({ mutationFn: () => callRoute(legacyRoutes.alive, { params: { token } }) });

/** POST /legacy/alive/{token}/reseal: the owner, alive after a release, seals the message again. */
export const useResealByAlive = (token: string) =>
  useMutation({ mutationFn: () => callRoute(legacyRoutes.resealByAlive, { params: { token } }) });
