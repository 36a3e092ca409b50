import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { captionRoutes, type CaptionTrackBody } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';

/** GET the owner's caption tracks of a video, each with its cues, and where its automatic captions are. */
export const fetchCaptionTracks = (id: number, signal?: AbortSignal) =>
  callRoute(captionRoutes.list, { params: { id }, signal });

/** While the server is writing captions, the list is read again every few seconds to show its progress. */
const WRITING_POLL_MS = 3000;

export function useCaptionTracks(id: number, enabled = true) {
  return useQuery({
    queryKey: videoKeys.captions(id),
    queryFn: ({ signal }) => fetchCaptionTracks(id, signal),
    enabled,
    refetchInterval: (query) => {
      const state = query.state.data?.automatic.state;
      return state === 'queued' || state === 'running' ? WRITING_POLL_MS : false;
    },
  });
}

/** POST accept: a draft written automatically becomes a track others see with the video. */
export function useAcceptCaptionTrack(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: string) => callRoute(captionRoutes.accept, { params: { id, language } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.captions(id) }),
  });
}

/** POST automatic: the server writes the video's captions as a draft (where a recognizer is installed). */
export function useWriteCaptionsAutomatically(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(captionRoutes.automatic, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.captions(id) }),
  });
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
