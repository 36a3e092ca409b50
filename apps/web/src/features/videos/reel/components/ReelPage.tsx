import { useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { useSessionUser } from '@/lib/session';
import { useTitle } from '@/lib/use-title';
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion';
import { useFeed } from '../api/feed';
import { useLikeFeedVideo } from '../api/like-feed-video';
import { ReelSlide } from './ReelSlide';
import './reel.scss';
import chevronDownIcon from 'bootstrap-icons/icons/chevron-down.svg?raw';
import chevronUpIcon from 'bootstrap-icons/icons/chevron-up.svg?raw';
import cloudArrowUpIcon from 'bootstrap-icons/icons/cloud-arrow-up.svg?raw';
import cameraVideoIcon from 'bootstrap-icons/icons/camera-video.svg?raw';
import collectionPlayIcon from 'bootstrap-icons/icons/collection-play.svg?raw';
import { Icon } from '@/components/Icon';
import type { Video } from '@pw/contracts';

/** docs/product.md §13.7: the reel slides in 400 ms; the overlay controls hide 1 s after the mouse leaves. */
export const SLIDE_MS = 400;
export const CONTROLS_HIDE_MS = 1000;
/** Load the next page when the viewer is this close to the end of what is loaded. */
const PREFETCH_DISTANCE = 2;

type Direction = 1 | -1;

/**
 * What a person comes home to do: upload (the contract's button), record, or open their own folders (the
 * profile's tabs), without going through the avatar menu.
 */
function HomeActions() {
  return (
    <div className="d-flex flex-wrap gap-2">
      <Link to="/user/video/upload" className="btn btn-primary">
        <Icon svg={cloudArrowUpIcon} className="me-1" />
        Upload Your Video
      </Link>
      <Link to="/user/video/VideoRecorder" className="btn btn-outline-primary">
        <Icon svg={cameraVideoIcon} className="me-1" />
        Record a message
      </Link>
      <Link to="/user/profile" className="btn btn-outline-secondary">
        <Icon svg={collectionPlayIcon} className="me-1" />
        My messages
      </Link>
    </div>
  );
}

/** /user/home: the public videos of everyone, one at a time (docs/product.md §3.6, §13.3). */
export function ReelPage() {
  useTitle('Home');
  const user = useSessionUser();
  const feed = useFeed();
  const videos: Video[] = feed.data?.pages.flatMap((page) => page.data) ?? [];
  const total = feed.data?.pages.at(-1)?.meta.total ?? videos.length;

  return (
    <div className="container py-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <div>
          <h1 className="h2 mb-0">Parting Words</h1>
          {user?.first_name && <p className="text-body-secondary mb-0">Welcome, {user.first_name}.</p>}
        </div>
        <HomeActions />
      </div>
      {feed.isPending ? (
        <Loading label="Loading videos…" />
      ) : feed.isError ? (
        <ErrorState onRetry={() => void feed.refetch()} />
      ) : videos.length === 0 ? (
        <EmptyState text="No public videos yet">
          <p>When people make their videos public, they appear here.</p>
        </EmptyState>
      ) : (
        <Reel
          videos={videos}
          total={total}
          hasMore={Boolean(feed.hasNextPage)}
          loadingMore={feed.isFetchingNextPage}
          loadMore={() => void feed.fetchNextPage()}
        />
      )}
    </div>
  );
}

interface ReelProps {
  videos: Video[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

function Reel({ videos, total, hasMore, loadingMore, loadMore }: ReelProps) {
  const reducedMotion = usePrefersReducedMotion();
  const like = useLikeFeedVideo();
  const [index, setIndex] = useState(0);
  const [leaving, setLeaving] = useState<{ index: number; direction: Direction } | null>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [controlsVisible, setControlsVisible] = useState(true);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const slideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const section = useRef<HTMLElement>(null);

  const current = videos[Math.min(index, videos.length - 1)]!;
  const atStart = index === 0;
  const atEnd = index >= videos.length - 1;

  useEffect(() => {
    if (hasMore && !loadingMore && index >= videos.length - 1 - PREFETCH_DISTANCE) loadMore();
  }, [index, videos.length, hasMore, loadingMore, loadMore]);

  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
      if (slideTimer.current) clearTimeout(slideTimer.current);
    },
    [],
  );

  const go = useCallback(
    (direction: Direction) => {
      const next = index + direction;
      if (next < 0 || next >= videos.length) return;
      if (slideTimer.current) clearTimeout(slideTimer.current);
      if (!reducedMotion) {
        setLeaving({ index, direction });
        slideTimer.current = setTimeout(() => setLeaving(null), SLIDE_MS);
      }
      setIndex(next);
    },
    [index, videos.length, reducedMotion],
  );

  // Arrow keys work while focus is in the reel, or nowhere in particular (the page body).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as Node | null;
      const inReel = target instanceof Node && section.current?.contains(target);
      if (!inReel && target !== document.body) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowRight') {
        event.preventDefault();
        go(1);
      } else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') {
        event.preventDefault();
        go(-1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  const showControls = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = null;
    setControlsVisible(true);
  };
  const hideControlsSoon = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setControlsVisible(false), CONTROLS_HIDE_MS);
  };

  const onStageKey = (event: ReactKeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      setPlaying((value) => !value);
    }
  };

  const leavingVideo = leaving ? videos[leaving.index] : undefined;
  const position = `${index + 1} of ${Math.max(total, videos.length)}`;
  return (
    <section
      ref={section}
      className={`reel ${controlsVisible ? 'reel--controls' : ''}`}
      aria-roledescription="carousel"
      aria-label="Public videos"
      onMouseEnter={showControls}
      onMouseMove={showControls}
      onMouseLeave={hideControlsSoon}
    >
      <div
        className="reel__stage"
        role="group"
        tabIndex={0}
        aria-label={`Video ${position}: ${current.title}. Space plays or pauses, the arrow keys move between videos.`}
        onKeyDown={onStageKey}
      >
        {leaving && leavingVideo && (
          <ReelSlide
            key={`leaving-${leavingVideo.id}`}
            video={leavingVideo}
            className={`reel__slide--out-${leaving.direction === 1 ? 'up' : 'down'}`}
            active={false}
            playing={false}
            muted={muted}
          />
        )}
        <ReelSlide
          key={current.id}
          video={current}
          className={leaving ? `reel__slide--in-${leaving.direction === 1 ? 'up' : 'down'}` : ''}
          active
          playing={playing}
          muted={muted}
          onTogglePlay={() => setPlaying((value) => !value)}
          onEnded={() => setPlaying(false)}
          liking={like.isPending && like.variables === current.id}
          likeFailed={like.isError && like.variables === current.id}
          onLike={() => like.mutate(current.id)}
          onToggleMute={() => setMuted((value) => !value)}
          position={position}
        />
      </div>
      <div className="reel__nav">
        <button
          type="button"
          className="btn btn-light btn-round-icon rounded-circle"
          onClick={() => go(-1)}
          disabled={atStart}
          aria-label="Previous video"
          title="Previous video"
        >
          <Icon svg={chevronUpIcon} />
        </button>
        <button
          type="button"
          className="btn btn-light btn-round-icon rounded-circle"
          onClick={() => go(1)}
          disabled={atEnd}
          aria-label="Next video"
          title="Next video"
        >
          <Icon svg={chevronDownIcon} />
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        Video {position}: {current.title}
      </p>
      {atEnd && loadingMore && (
        <p className="small text-body-secondary text-center mt-2" role="status">
          Loading more videos…
        </p>
      )}
    </section>
  );
}
