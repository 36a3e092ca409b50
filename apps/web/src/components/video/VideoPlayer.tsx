import type { Ref } from 'react';
import { VideoStateNotice } from './VideoStateNotice';
import './video.scss';
import type { Video } from '@pw/contracts';

interface VideoPlayerProps {
  video: Pick<Video, 'video_link' | 'video_thumbnail' | 'title' | 'state' | 'failure_reason'> &
    Partial<Pick<Video, 'damaged'>>;
  ref?: Ref<HTMLVideoElement>;
}

/**
 * The video detail player: native controls (keyboard usable and labelled by the browser), the
 * thumbnail as poster, a minimum height of 600 px on screens wide and tall enough for it (docs/product.md §13.7;
 * docs/decisions/0063 and 0110); on phones the video's own shape. A video still converting or failed
 * shows why instead, and so does one whose file was found damaged in storage.
 */
export function VideoPlayer({ video, ref }: VideoPlayerProps) {
  if (video.damaged || video.state !== 'ready' || !video.video_link) {
    return (
      <div className="pw-player pw-player--placeholder">
        <VideoStateNotice video={video} />
      </div>
    );
  }
  return (
    <div className="pw-player">
      <video
        ref={ref}
        className="pw-player__video"
        src={video.video_link}
        poster={video.video_thumbnail ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={`Video: ${video.title}`}
      />
    </div>
  );
}
