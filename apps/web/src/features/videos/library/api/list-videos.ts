import { useQuery } from '@tanstack/react-query';
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
