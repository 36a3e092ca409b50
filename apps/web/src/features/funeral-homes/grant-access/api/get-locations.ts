import { useQuery } from '@tanstack/react-query';
import { funeralHomeRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { funeralDirectoryKeys } from '@/lib/query-keys';

/** GET /web/user/funeral-video/locations?home_id=: the locations of service a home offers. */
export const getLocations = (homeId: number, signal?: AbortSignal) =>
  callRoute(funeralHomeRoutes.locations, { query: { home_id: homeId }, signal }).then((body) => body.data);

/** Asked only once a home is chosen (`null`: none yet). */
export const useLocations = (homeId: number | null) =>
  useQuery({
    queryKey: funeralDirectoryKeys.options('locations', homeId ?? 0),
    queryFn: ({ signal }) => getLocations(homeId!, signal),
    enabled: homeId !== null,
  });
