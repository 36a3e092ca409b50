import { durationLabel } from '@/lib/videos';
import cameraVideoIcon from 'bootstrap-icons/icons/camera-video.svg?raw';
import { Icon } from '@/components/Icon';
import type { Video } from '@pw/contracts';
import './video-thumb.scss';

/** The card picture: the server's thumbnail with the duration over it, or a neutral placeholder. */
export function VideoThumb({ video }: { video: Pick<Video, 'video_thumbnail' | 'duration'> }) {
  const duration = durationLabel(video.duration);
  return (
    <div className="video-thumb">
      {video.video_thumbnail ? (
        <img src={video.video_thumbnail} alt="" loading="lazy" />
      ) : (
        <span className="video-thumb__placeholder" aria-hidden="true">
          <Icon svg={cameraVideoIcon} />
        </span>
      )}
      {duration && (
        <span className="video-thumb__duration">
          <span className="visually-hidden">Duration </span>
          {duration}
        </span>
      )}
    </div>
  );
}
