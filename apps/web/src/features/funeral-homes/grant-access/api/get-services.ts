import { useQuery } from '@tanstack/react-query';
import { funeralHomeRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { funeralDirectoryKeys } from '@/lib/query-keys';

/** GET /web/user/funeral-video/sevices?home_id= (the contract's spelling): the types of service a home offers. */
export const getServices = (homeId: number, signal?: AbortSignal) =>
  callRoute(funeralHomeRoutes.services, { query: { home_id: homeId }, signal }).then((body) => body.data);

/** Asked only once a home is chosen (`null`: none yet). */
export const useServices = (homeId: number | null) =>
  useQuery({
    queryKey: funeralDirectoryKeys.options('services', homeId ?? 0),
    queryFn: ({ signal }) => getServices(homeId!, signal),
    enabled: homeId !== null,
  });
