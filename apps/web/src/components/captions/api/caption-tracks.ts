import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { captionRoutes, type CaptionTrackBody } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';

/** GET the owner's caption tracks of a video, each with its cues. */
export async function fetchCaptionTracks(id: number) {
  const response = await callRoute(captionRoutes.list, { params: { id } });
  return response.data;
}

export function useCaptionTracks(id: number) {
  return useQuery({ queryKey: videoKeys.captions(id), queryFn: () => fetchCaptionTracks(id) });
}

/** PUT one language's track: a file's text (`vtt`), the editor's `cues` or a `transcript`. */
export function saveCaptionTrack(id: number, language: string, body: CaptionTrackBody) {
  return callRoute(captionRoutes.save, { params: { id, language }, body });
}

export function useSaveCaptionTrack(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ language, body }: { language: string; body: CaptionTrackBody }) =>
      saveCaptionTrack(id, language, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.captions(id) }),
  });
}

/** DELETE one language's track. */
export function useDeleteCaptionTrack(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: string) => callRoute(captionRoutes.remove, { params: { id, language } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.captions(id) }),
  });
}
