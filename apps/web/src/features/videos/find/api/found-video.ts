import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reactToVideo } from '@/components/video/api/react-to-video';
import { findByAccessCode } from './find-by-access-code';
import { findBySearchCode } from './find-by-search-code';
import type { Video } from '@pw/contracts';
import { foundVideoKeys } from '@/lib/query-keys';

/** Which code found the video: a public video's search code, or a final video's access code. */
export type CodeKind = 'search' | 'access';

const FINDERS: Record<CodeKind, (code: string) => Promise<Video>> = {
  search: findBySearchCode,
  access: findByAccessCode,
};

/**
 * The found video as the server has it now: read again by its code whenever the page opens (also after
 * a reload), so likes are never those of the moment of the search. The video the search passed along
 * only fills the page until the answer arrives (`isPlaceholderData`).
 */
export function useFoundVideo(kind: CodeKind, code: string | null, passed: Video | undefined) {
  return useQuery({
    queryKey: foundVideoKeys.one(kind, code ?? ''),
    queryFn: () => FINDERS[kind](code!),
    enabled: code !== null,
    placeholderData: passed,
    retry: false,
  });
}

/** Toggles the like; the page then shows exactly what the server answered. */
export function useLikeFoundVideo(kind: CodeKind, code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactToVideo,
    onSuccess: (result) =>
      queryClient.setQueryData<Video>(foundVideoKeys.one(kind, code), (video) =>
        video ? { ...video, ...result } : video,
      ),
  });
}
