import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Video } from '@pw/contracts';
import { api } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';
import type { StoreFields } from '../model/upload-flow';

/**
 * `POST /api/web/user/video/store` (spec §7): the finished tus uploads, named by id in the edit list's
 * order, plus the folder, title, description and, for scheduled videos, e-mail, date, time and zone.
 */
export async function storeVideo(uploadIds: readonly string[], fields: StoreFields): Promise<Video> {
  const body = new FormData();
  uploadIds.forEach((id) => body.append('upload_ids[]', id));
  Object.entries(fields).forEach(([key, value]) => {
    if (value !== undefined) body.append(key, value);
  });
  const response = await api.post<{ message?: string; data: Video }>('/web/user/video/store', body);
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
