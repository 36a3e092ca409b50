import { useMutation } from '@tanstack/react-query';
import { videoRoutes, type Video } from '@pw/contracts';
import { callRoute } from '@/lib/api';

/** GET /web/user/video/{code}/detail-by-search-code: a public video by its code (`data.data`, docs/product.md §13.2). */
export async function findBySearchCode(code: string): Promise<Video> {
  const response = await callRoute(videoRoutes.bySearchCode, { params: { code } });
  return response.data.data;
}

/** A look-up the person starts with 'Find', so a mutation (no caching of misses). */
export function useFindBySearchCode() {
  return useMutation({ mutationFn: findBySearchCode });
}
