import { useQuery } from '@tanstack/react-query';
import { funeralHomeRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { funeralDirectoryKeys } from '@/lib/query-keys';

/** GET /web/user/funeral-video/funeral-homes: the listed homes (active, with a running plan). */
export const getFuneralHomes = (signal?: AbortSignal) =>
  callRoute(funeralHomeRoutes.homes, { signal }).then((body) => body.data);

export const useFuneralHomes = () =>
  useQuery({ queryKey: funeralDirectoryKeys.homes(), queryFn: ({ signal }) => getFuneralHomes(signal) });
