import { useMutation } from '@tanstack/react-query';
import type { Envelope, Video } from '@pw/contracts';
import { api } from '@/lib/api';

/** GET /web/user/video/{code}/detail-by-access-code: the final video its owner handed the code for. */
export async function findByAccessCode(code: string): Promise<Video> {
  const response = await api.get<Envelope<{ data: Video }>>(
    `/web/user/video/${encodeURIComponent(code)}/detail-by-access-code`,
  );
  return response.data.data;
}

export function useFindByAccessCode() {
  return useMutation({ mutationFn: findByAccessCode });
}
