import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reactToVideo } from '@/components/video/api/react-to-video';
import { videoKeys } from '@/lib/query-keys';
import type { FeedData } from './feed';
import type { Video } from '@pw/contracts';

function patchVideo(data: FeedData | undefined, id: number, patch: (video: Video) => Video) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      data: page.data.map((video) => (video.id === id ? patch(video) : video)),
    })),
  };
}

/**
 * Like toggles at once in the reel (contract: like toggles and adjusts likes by one), then the server's
 * answer replaces the guess; a failure puts the previous state back.
 */
export function useLikeFeedVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => reactToVideo(id),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: videoKeys.feed() });
      const previous = queryClient.getQueryData<FeedData>(videoKeys.feed());
      queryClient.setQueryData<FeedData>(videoKeys.feed(), (data) =>
        patchVideo(data, id, (video) => ({
          ...video,
          is_liked: !video.is_liked,
          total_likes: Math.max(0, video.total_likes + (video.is_liked ? -1 : 1)),
        })),
      );
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(videoKeys.feed(), context.previous);
    },
    onSuccess: (result, id) => {
      queryClient.setQueryData<FeedData>(videoKeys.feed(), (data) =>
        patchVideo(data, id, (video) => ({ ...video, ...result })),
      );
    },
  });
}
