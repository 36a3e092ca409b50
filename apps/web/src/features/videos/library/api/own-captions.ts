import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { captionRoutes, toWebVtt, type CaptionLink, type CaptionTrack } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';
import { languageName, type PlayerTrack } from '@/components/video/CaptionTracks';

/** GET /web/user/videos/{id}/captions: the owner's tracks with their cues, drafts included. */
export const getOwnCaptions = (id: number, signal?: AbortSignal) =>
  callRoute(captionRoutes.list, { params: { id }, signal }).then((body) => body.data);

/**
 * The owner's own tracks for their player, as they are now written (the editor's saves refresh the list
 * they come from): each made into a WebVTT file in the page (a blob address: the owner's calls need a
 * bearer header, which a `<track>` cannot send). A draft is shown to its owner, marked as one.
 */
export function useOwnCaptionTracks(id: number, ready: boolean): PlayerTrack[] {
  const list = useQuery({
    // The editor's key: its saves and deletions refresh this player's tracks.
    queryKey: videoKeys.captions(id),
    queryFn: ({ signal }) => getOwnCaptions(id, signal),
    enabled: ready,
  });
  const [tracks, setTracks] = useState<PlayerTrack[]>([]);
  useEffect(() => {
    const made = (list.data ?? []).map((track: CaptionTrack): CaptionLink & { label: string } => ({
      language: track.language,
      label:
        track.status === 'draft' ? `${languageName(track.language)} (draft)` : languageName(track.language),
      url: URL.createObjectURL(new Blob([toWebVtt(track.cues)], { type: 'text/vtt' })),
    }));
    setTracks(made);
    return () => made.forEach((track) => URL.revokeObjectURL(track.url));
  }, [list.data]);
  return tracks;
}
