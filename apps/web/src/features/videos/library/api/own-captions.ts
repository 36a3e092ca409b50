import { useEffect, useState } from 'react';
import { toWebVtt, type CaptionLink, type CaptionTrack } from '@pw/contracts';
import { useCaptionTracks } from '@/components/captions/api/caption-tracks';
import { languageName, type PlayerTrack } from '@/components/video/CaptionTracks';

/**
 * The owner's own tracks for their player, as they are now written (the editor's saves refresh the list
 * they come from): each made into a WebVTT file in the page (a blob address: the owner's calls need a
 * bearer header, which a `<track>` cannot send). A draft is shown to its owner, marked as one.
 */
export function useOwnCaptionTracks(id: number, ready: boolean): PlayerTrack[] {
  // The editor's list: its saves, acceptances and deletions refresh this player's tracks.
  const list = useCaptionTracks(id, ready);
  const [tracks, setTracks] = useState<PlayerTrack[]>([]);
  useEffect(() => {
    const made = (list.data?.data ?? []).map((track: CaptionTrack): CaptionLink & { label: string } => ({
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
