import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { Paginated, Video } from '@pw/contracts';
import { api, buildQuery } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';

export const FEED_PAGE_SIZE = 10;
export type FeedData = InfiniteData<Paginated<Video>, number>;

/** GET /web/user/video/feed?page=&per_page=: public videos, newest first, with the caller's is_liked. */
export function fetchFeed(page: number, signal?: AbortSignal) {
  return api.get<Paginated<Video>>(
    `/web/user/video/feed${buildQuery({ page, per_page: FEED_PAGE_SIZE })}`,
    signal,
  );
}

export function useFeed() {
  return useInfiniteQuery({
    queryKey: videoKeys.feed(),
    queryFn: ({ pageParam, signal }) => fetchFeed(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
    // The reel keeps its place: a background refetch would reshuffle the list under the viewer.
    staleTime: 5 * 60_000,
  });
}
