import { useMutation } from '@tanstack/react-query';
import type { Envelope, Video } from '@pw/contracts';
import { api } from '@/lib/api';

/** GET /web/user/video/{code}/detail-by-search-code: a public video by its code (`data.data`, spec §7). */
export async function findBySearchCode(code: string): Promise<Video> {
  const response = await api.get<Envelope<{ data: Video }>>(
    `/web/user/video/${encodeURIComponent(code)}/detail-by-search-code`,
  );
  return response.data.data;
}

/** A look-up the person starts with 'Find', so a mutation (no caching of misses). */
export function useFindBySearchCode() {
  return useMutation({ mutationFn: findBySearchCode });
}
