import { useMutation, useQueryClient } from '@tanstack/react-query';
import { funeralHomeRoutes, type RequestVideo } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { funeralRequestKeys } from '@/lib/query-keys';

/** POST /web/funeral-home/connection/{id}/publish: the video becomes public ('Video Published'). */
export const publishRequestVideo = (id: string) => callRoute(funeralHomeRoutes.publish, { params: { id } });

/** On success the page shows the video as public without reading it again (the player keeps its URL). */
export function usePublishRequestVideo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => publishRequestVideo(id),
    onSuccess: () => {
      queryClient.setQueryData<RequestVideo>(funeralRequestKeys.video(id), (video) =>
        video ? { ...video, is_private: 0 } : video,
      );
      void queryClient.invalidateQueries({ queryKey: funeralRequestKeys.detail(id) });
    },
  });
}
