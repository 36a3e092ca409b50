import { useQuery, useQueryClient } from '@tanstack/react-query';
import { videoRoutes, type Video, type VideoFolder } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { isConverting } from '@/lib/videos';
import { videoKeys } from '@/lib/query-keys';

/** docs/product.md §13.2: GET /web/user/video/list (final), /list/scheduled, /list/draft. */
const LIST_ROUTES = {
  final: videoRoutes.listFinal,
  scheduled: videoRoutes.listScheduled,
  draft: videoRoutes.listDraft,
} satisfies Record<VideoFolder, unknown>;

export async function listVideos(folder: VideoFolder, signal?: AbortSignal): Promise<Video[]> {
  const response = await callRoute(LIST_ROUTES[folder], { signal });
  return response.data;
}

/** A folder's videos; polls while one is still being converted so its state badge updates. */
export function useVideoList(folder: VideoFolder) {
  return useQuery({
    queryKey: videoKeys.list(folder),
    queryFn: ({ signal }) => listVideos(folder, signal),
    refetchInterval: (query) => (query.state.data?.some(isConverting) ? 3000 : false),
  });
}

/**
 * Whether My Parting Words already holds another video, read fresh: a move there is refused before any
 * other question (docs/product.md §3.1). Unknown (the list could not be read) is `false`: the server
 * still refuses an occupied folder (409).
 */
export function useFinalOccupied() {
  const queryClient = useQueryClient();
  return (exceptId: number) =>
    queryClient
      .fetchQuery({ queryKey: videoKeys.list('final'), queryFn: ({ signal }) => listVideos('final', signal) })
      .then((videos) => videos.some((item) => item.id !== exceptId))
      .catch(() => false);
}
