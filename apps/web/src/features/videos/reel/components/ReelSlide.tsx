import { useEffect, useRef } from 'react';
import { CaptionTracks } from '@/components/video/CaptionTracks';
import { LikeButton } from '@/components/video/LikeButton';
import { VideoStateNotice } from '@/components/video/VideoStateNotice';
import { creatorName } from '@/lib/videos';
import pauseFillIcon from 'bootstrap-icons/icons/pause-fill.svg?raw';
import playFillIcon from 'bootstrap-icons/icons/play-fill.svg?raw';
import volumeMuteFillIcon from 'bootstrap-icons/icons/volume-mute-fill.svg?raw';
import volumeUpFillIcon from 'bootstrap-icons/icons/volume-up-fill.svg?raw';
import { Icon } from '@/components/Icon';
import type { Video } from '@pw/contracts';

interface ReelSlideProps {
  video: Video;
  className: string;
  active: boolean;
  playing: boolean;
  muted: boolean;
  position?: string;
  liking?: boolean;
  /** This video's last like call failed. */
  likeFailed?: boolean;
  onTogglePlay?: () => void;
  onEnded?: () => void;
  onLike?: () => void;
  onToggleMute?: () => void;
}

/** One reel video with its overlay: title, creator, like, play/pause and sound. */
export function ReelSlide(props: ReelSlideProps) {
  const { video, className, active, playing, muted, position, liking, likeFailed } = props;
  const element = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const media = element.current;
    if (!media) return;
    if (active && playing) {
      // A refused play() (autoplay policy, unplayable file) simply leaves the video paused.
      Promise.resolve()
        .then(() => media.play())
        .catch(() => undefined);
    } else {
      media.pause();
    }
  }, [active, playing, video.id]);

  const creator = creatorName(video.creator);
  return (
    <div className={`reel__slide ${className}`} aria-hidden={active ? undefined : true}>
      {video.state === 'ready' && video.video_link ? (
        <video
          ref={element}
          className="reel__video"
          src={video.video_link}
          poster={video.video_thumbnail ?? undefined}
          playsInline
          muted={muted}
          preload="metadata"
          onClick={props.onTogglePlay}
          onEnded={props.onEnded}
          aria-label={`Video: ${video.title}`}
        >
          <CaptionTracks captions={video.captions} />
        </video>
      ) : (
        <div className="reel__video reel__video--placeholder">
          <VideoStateNotice video={video} />
        </div>
      )}
      {active && (
        <>
          {!playing && video.state === 'ready' && (
            <span className="reel__paused" aria-hidden="true">
              <Icon svg={playFillIcon} />
            </span>
          )}
          <div className="reel__overlay reel__overlay--bottom">
            <h2 className="h5 mb-1 text-break">{video.title}</h2>
            {creator && <p className="mb-1 small">by {creator}</p>}
            {video.hashtags && video.hashtags.length > 0 && (
              <p className="mb-0 small opacity-75">{video.hashtags.map((tag) => `#${tag}`).join(' ')}</p>
            )}
            {position && <p className="mb-0 small opacity-75">{position}</p>}
          </div>
          <div className="reel__overlay reel__overlay--side">
            <LikeButton
              tone="light"
              liked={video.is_liked}
              count={video.total_likes}
              onToggle={() => props.onLike?.()}
              disabled={liking}
              failed={likeFailed}
            />
            <button
              type="button"
              className="btn btn-light btn-round-icon rounded-circle"
              onClick={props.onTogglePlay}
              aria-label={playing ? 'Pause' : 'Play'}
              title={playing ? 'Pause' : 'Play'}
            >
              <Icon svg={playing ? pauseFillIcon : playFillIcon} />
            </button>
            <button
              type="button"
              className="btn btn-light btn-round-icon rounded-circle"
              onClick={props.onToggleMute}
              aria-pressed={muted}
              aria-label="Mute"
              title={muted ? 'Turn sound on' : 'Mute'}
            >
              <Icon svg={muted ? volumeMuteFillIcon : volumeUpFillIcon} />
            </button>
          </div>
        </>
      )}
    </div>
  );
}
