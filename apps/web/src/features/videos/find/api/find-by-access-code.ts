import { useMutation } from '@tanstack/react-query';
import { videoRoutes, type Video } from '@pw/contracts';
import { callRoute } from '@/lib/api';

/** GET /web/user/video/{code}/detail-by-access-code: the final video its owner handed the code for. */
export async function findByAccessCode(code: string): Promise<Video> {
  const response = await callRoute(videoRoutes.byAccessCode, { params: { code } });
  return response.data.data;
}

export function useFindByAccessCode() {
  return useMutation({ mutationFn: findByAccessCode });
}
