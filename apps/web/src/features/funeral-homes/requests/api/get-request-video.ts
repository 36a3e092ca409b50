import { useQuery } from '@tanstack/react-query';
import { funeralHomeRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { funeralRequestKeys } from '@/lib/query-keys';

/** GET /web/funeral-home/connection/{id}/video: the granted video at signed, expiring URLs. */
export const getRequestVideo = (id: string, signal?: AbortSignal) =>
  callRoute(funeralHomeRoutes.requestVideo, { params: { id }, signal }).then((body) => body.data);

/**
 * Read when the page opens and not again behind the viewer's back: the signed URL stays what the
 * player loaded (a refetch would swap the source mid-play).
 */
export const useRequestVideo = (id: string) =>
  useQuery({
    queryKey: funeralRequestKeys.video(id),
    queryFn: ({ signal }) => getRequestVideo(id, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
