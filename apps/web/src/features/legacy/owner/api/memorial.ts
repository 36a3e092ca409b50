import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memorialRoutes } from '@pw/contracts';
import { callRoute, toFormData } from '@/lib/api';
import { memorialKeys } from '@/lib/query-keys';

/** GET /web/user/legacy/memorial: the owner's memorial choice (off until turned on). */
export const useMemorialSettings = () =>
  useQuery({
    queryKey: memorialKeys.settings(),
    queryFn: async ({ signal }) => (await callRoute(memorialRoutes.settings, { signal })).data,
  });

export interface MemorialFields {
  enabled: boolean;
  text: string;
  video_ids: number[];
  moderators: 'contacts' | 'home' | 'both';
  listed: boolean;
  photo: File | null;
  remove_photo: boolean;
}

/** PUT /web/user/legacy/memorial as a form (the photo travels with the fields). */
export function useSaveMemorial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: MemorialFields) =>
      callRoute(memorialRoutes.saveSettings, {
        body: toFormData({
          enabled: fields.enabled ? '1' : '0',
          text: fields.text,
          video_ids: fields.video_ids,
          moderators: fields.moderators,
          listed: fields.listed ? '1' : '0',
          remove_photo: fields.remove_photo ? '1' : '0',
          photo: fields.photo,
        }) as never,
      }),
    onSuccess: (response) => queryClient.setQueryData(memorialKeys.settings(), response.data),
  });
}
