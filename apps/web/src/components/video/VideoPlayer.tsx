import { useState, type Ref } from 'react';
import { VideoStateNotice } from './VideoStateNotice';
import './video.scss';
import type { Video } from '@pw/contracts';
import { CaptionTracks, type PlayerTrack } from './CaptionTracks';

interface VideoPlayerProps {
  video: Pick<Video, 'video_link' | 'video_thumbnail' | 'title' | 'state' | 'failure_reason'> &
    Partial<Pick<Video, 'damaged'>>;
  /** The caption tracks to offer (docs/product.md §4.7): the video's own, or the owner's as written. */
  captions?: readonly PlayerTrack[];
  ref?: Ref<HTMLVideoElement>;
}

/**
 * The video detail player: native controls (keyboard usable and labelled by the browser), the
 * thumbnail as poster, a minimum height of 600 px on screens wide and tall enough for it (docs/product.md §13.7;
 * docs/product.md §3.6, §12); on phones the video's own shape. A video still converting or failed
 * shows why instead, and so does one whose file was found damaged in storage. Its captions are offered
 * as tracks, on at once for a reader whose browser's language one of them is.
 */
export function VideoPlayer({ video, captions, ref }: VideoPlayerProps) {
  // What a failed load turned out to be, for the address it failed on (a new address tries again).
  const [failed, setFailed] = useState<{ src: string; damaged: boolean } | null>(null);
  const failure = failed && failed.src === video.video_link ? failed : null;
  if (video.damaged || failure?.damaged || video.state !== 'ready' || !video.video_link) {
    return (
      <div className="pw-player pw-player--placeholder">
        <VideoStateNotice video={{ ...video, damaged: video.damaged || failure?.damaged }} />
      </div>
    );
  }
  const src = video.video_link;
  /**
   * The element tells no status: the address is asked once more (HEAD reads no bytes). A read that
   * failed its integrity check marked the file damaged on the server, which now answers 410.
   */
  const onError = () => {
    void fetch(src, { method: 'HEAD' })
      .then((response) => response.status === 410)
      .catch(() => false)
      .then((damaged) => setFailed({ src, damaged }));
  };
  return (
    <div className="pw-player">
      <video
        ref={ref}
        className="pw-player__video"
        src={src}
        poster={video.video_thumbnail ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={`Video: ${video.title}`}
        onError={onError}
      >
        <CaptionTracks captions={captions} />
      </video>
      {failure && (
        <p className="text-center small mt-2 mb-0" role="alert">
          {PLAYBACK_FAILED}
        </p>
      )}
    </div>
  );
}

/** A load that failed for another reason (the network, an expired address). */
export const PLAYBACK_FAILED = 'This video could not be played. Reload the page to try again.';
