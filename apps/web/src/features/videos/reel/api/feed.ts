import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { videoRoutes, type RouteResponse } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';

export const FEED_PAGE_SIZE = 10;
type FeedPage = RouteResponse<typeof videoRoutes.feed>;
export type FeedData = InfiniteData<FeedPage, number>;

/** GET /web/user/video/feed?page=&per_page=: public videos, newest first, with the caller's is_liked. */
export function fetchFeed(page: number, signal?: AbortSignal) {
  return callRoute(videoRoutes.feed, { query: { page, per_page: FEED_PAGE_SIZE }, signal });
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
