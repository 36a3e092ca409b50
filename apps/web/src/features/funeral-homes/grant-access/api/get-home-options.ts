import { useQuery } from '@tanstack/react-query';
import { funeralHomeRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { funeralDirectoryKeys } from '@/lib/query-keys';

/**
 * GET /web/user/funeral-video/sevices?home_id= (the contract's spelling): the types of service a home offers;
 * GET /web/user/funeral-video/locations?home_id=: the locations of service it offers.
 */
const ROUTES = { services: funeralHomeRoutes.services, locations: funeralHomeRoutes.locations } as const;

/** A home's services or locations, asked only once a home is chosen (`null`: none yet). */
export const useHomeOptions = (kind: keyof typeof ROUTES, homeId: number | null) =>
  useQuery({
    queryKey: funeralDirectoryKeys.options(kind, homeId ?? 0),
    queryFn: ({ signal }) =>
      callRoute(ROUTES[kind], { query: { home_id: homeId! }, signal }).then((body) => body.data),
    enabled: homeId !== null,
  });
