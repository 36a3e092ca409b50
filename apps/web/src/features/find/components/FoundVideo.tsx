import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useReactToVideo } from '../../../components/video/api/react-to-video';
import { LikeButton } from '../../../components/video/LikeButton';
import { VideoPlayer } from '../../../components/video/VideoPlayer';
import { useTitle } from '../../../lib/use-title';
import { creatorName, type Video } from '../../../lib/videos';
import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import { Icon } from '../../../components/Icon';

interface FoundVideoProps {
  backTo: string;
  backLabel: string;
  /** Shows the like button and count (public videos found by search code). */
  likes?: boolean;
  children?: (video: Video) => ReactNode;
}

/** The page a found video opens on; it comes in navigation state (spec §2), so a reload asks again. */
export function FoundVideo({ backTo, backLabel, likes, children }: FoundVideoProps) {
  const location = useLocation();
  const video = (location.state as { video?: Video } | null)?.video;
  useTitle(video?.title ?? 'Video');
  const back = (
    <Link to={backTo} className="btn btn-outline-secondary btn-sm mb-3">
      <Icon svg={arrowLeftIcon} className="me-1" />
      {backLabel}
    </Link>
  );
  if (!video) {
    return (
      <div className="container py-4">
        {back}
        <div className="text-center py-5" role="alert">
          <h1 className="h4">Unable to find video</h1>
          <p className="text-body-secondary">Enter the video code again to open it.</p>
        </div>
      </div>
    );
  }
  return (
    <div className="container py-4">
      {back}
      <VideoPlayer video={video} />
      <div className="mt-3 d-flex flex-wrap justify-content-between align-items-start gap-3">
        <div>
          <h1 className="h3 text-break mb-1">{video.title}</h1>
          {video.creator && <p className="text-body-secondary mb-2">by {creatorName(video.creator)}</p>}
        </div>
        {likes && <VideoLikes video={video} />}
      </div>
      {video.description && (
        <p className="text-break" style={{ whiteSpace: 'pre-line' }}>
          {video.description}
        </p>
      )}
      {children?.(video)}
    </div>
  );
}

/** Like toggles at once and adjusts the count by one; the server's answer then replaces the guess. */
function VideoLikes({ video }: { video: Video }) {
  const [state, setState] = useState({ is_liked: video.is_liked, total_likes: video.total_likes });
  const react = useReactToVideo();
  const toggle = () => {
    const before = state;
    setState({
      is_liked: !before.is_liked,
      total_likes: Math.max(0, before.total_likes + (before.is_liked ? -1 : 1)),
    });
    react.mutate(video.id, { onSuccess: setState, onError: () => setState(before) });
  };
  return (
    <LikeButton
      liked={state.is_liked}
      count={state.total_likes}
      onToggle={toggle}
      disabled={react.isPending}
    />
  );
}
