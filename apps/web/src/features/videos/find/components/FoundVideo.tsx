import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Loading } from '@/components/Loading';
import { LikeButton } from '@/components/video/LikeButton';
import { VideoPlayer } from '@/components/video/VideoPlayer';
import { errorMessage } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { creatorName } from '@/lib/videos';
import { useFoundVideo, useLikeFoundVideo, type CodeKind } from '../api/found-video';
import type { Video } from '@pw/contracts';
import { BackLink } from '@/components/BackLink';

interface FoundVideoProps {
  kind: CodeKind;
  backTo: string;
  backLabel: string;
  /** Shows the like button and count (public videos found by search code). */
  likes?: boolean;
  children?: (video: Video) => ReactNode;
  /**
   * What to show instead of 'Unable to find video' for a failure the page knows (null: not one of
   * them), e.g. an access code whose message is not released (any more) when the page is reloaded.
   */
  knownFailure?: (error: unknown, code: string) => ReactNode | null;
}

interface PassedState {
  video?: Video;
  code?: string;
}

/**
 * The page a found video opens on. The search passes the video and its code in navigation state
 * (docs/product.md §13.3); the page reads the video again by that code on every load, so what it shows is the
 * server's state now, not the state at the moment of the search.
 */
export function FoundVideo({ kind, backTo, backLabel, likes, children, knownFailure }: FoundVideoProps) {
  const location = useLocation();
  const passed = (location.state as PassedState | null) ?? {};
  // Older history entries carry only the video: a search code can still be read from it.
  const code = passed.code ?? (kind === 'search' ? passed.video?.search_code : undefined) ?? null;
  const query = useFoundVideo(kind, code, passed.video);
  const video = query.data;
  useTitle(video?.title ?? 'Video');
  const back = (
    <BackLink to={backTo} outlined>
      {backLabel}
    </BackLink>
  );
  if (!video) {
    const known = !query.isFetching && query.isError && code ? knownFailure?.(query.error, code) : null;
    if (known) {
      return (
        <div className="container py-4 page-narrow">
          {back}
          {known}
        </div>
      );
    }
    return (
      <div className="container py-4">
        {back}
        {query.isFetching ? (
          <Loading label="Loading video…" />
        ) : (
          <div className="text-center py-5" role="alert">
            <h1 className="h4">Unable to find video</h1>
            <p className="text-body-secondary">
              {query.isError ? `${errorMessage(query.error)} ` : ''}Enter the video code again to open it.
            </p>
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="container py-4">
      {back}
      <VideoPlayer video={video} captions={video.captions} />
      <div className="mt-3 d-flex flex-wrap justify-content-between align-items-start gap-3">
        <div>
          <h1 className="h3 text-break mb-1">{video.title}</h1>
          {video.creator && <p className="text-body-secondary mb-2">by {creatorName(video.creator)}</p>}
        </div>
        {likes && code && (
          <VideoLikes kind={kind} code={code} video={video} current={!query.isPlaceholderData} />
        )}
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

/**
 * Shows the likes the server last reported. The like call toggles on the server, so it is offered only
 * once the page holds the server's current state (`current`), and its answer replaces the count.
 */
function VideoLikes({
  kind,
  code,
  video,
  current,
}: {
  kind: CodeKind;
  code: string;
  video: Video;
  current: boolean;
}) {
  const like = useLikeFoundVideo(kind, code);
  return (
    <LikeButton
      liked={video.is_liked}
      count={video.total_likes}
      onToggle={() => like.mutate(video.id)}
      disabled={!current || like.isPending}
      failed={like.isError}
    />
  );
}
