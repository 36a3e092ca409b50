import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoRoutes, type Video } from '@pw/contracts';
import { callRoute, toFormData } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';
import type { StoreFields } from '../model/upload-flow';

/**
 * `POST /api/web/user/video/store` (docs/product.md §13.2, multipart): the finished tus uploads, named by id in the edit
 * list's order, plus the folder, title, description and, for scheduled videos, e-mail, date, time and zone.
 */
export async function storeVideo(uploadIds: readonly string[], fields: StoreFields): Promise<Video> {
  const body = toFormData({ upload_ids: [...uploadIds], ...fields });
  const response = await callRoute(videoRoutes.store, { body });
  return response.data;
}

export function useStoreVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { uploadIds: readonly string[]; fields: StoreFields }) =>
      storeVideo(input.uploadIds, input.fields),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
