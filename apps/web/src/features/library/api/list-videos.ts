import { useQuery } from '@tanstack/react-query';
import type { Envelope, Video, VideoFolder } from '@pw/contracts';
import { api } from '@/lib/api';
import { isConverting } from '@/lib/videos';
import { videoKeys } from '@/lib/query-keys';

/** Spec §7: GET /web/user/video/list (final), /list/scheduled, /list/draft. */
const LIST_PATHS: Record<VideoFolder, string> = {
  final: '/web/user/video/list',
  scheduled: '/web/user/video/list/scheduled',
  draft: '/web/user/video/list/draft',
};

export async function listVideos(folder: VideoFolder, signal?: AbortSignal): Promise<Video[]> {
  const response = await api.get<Envelope<Video[]>>(LIST_PATHS[folder], signal);
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
