import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/EmptyState';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { useVideoList } from '../api/list-videos';
import { VideoCard } from './VideoCard';
import { FINAL_EMPTY_TEXT } from './final-folder-texts';
import type { Video, VideoFolder } from '@pw/contracts';

const EMPTY: Record<VideoFolder, { title: string; text: string }> = {
  // docs/product.md §13.5: the {product} page shows 'Not Available' when there is no video.
  final: {
    title: 'Not Available',
    text: FINAL_EMPTY_TEXT,
  },
  scheduled: {
    title: 'No scheduled videos',
    text: 'Videos you schedule for delivery by e-mail appear here.',
  },
  draft: { title: 'No drafts yet', text: 'Videos you save as drafts appear here.' },
};

export function VideoGrid({ children }: { children: ReactNode }) {
  return <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3 list-unstyled mb-0">{children}</ul>;
}

interface FolderVideoListProps {
  folder: VideoFolder;
  /** Renders each video; defaults to a card that opens the detail screen. */
  renderVideo?: (video: Video) => ReactNode;
  toolbar?: (videos: Video[]) => ReactNode;
}

/** One profile tab: spinner, 'Unable to fetch data', an empty state, or the folder's cards. */
export function FolderVideoList({ folder, renderVideo, toolbar }: FolderVideoListProps) {
  const list = useVideoList(folder);
  if (list.isPending) return <Loading label="Loading videos…" />;
  if (list.isError) return <ErrorState onRetry={() => void list.refetch()} />;
  const videos = list.data;
  if (videos.length === 0) {
    return (
      <EmptyState text={EMPTY[folder].title}>
        <p className="mb-0">{EMPTY[folder].text}</p>
        {folder === 'final' && (
          <div className="d-flex flex-wrap justify-content-center gap-2 mt-3">
            <Link to="/user/video/VideoRecorder" className="btn btn-outline-primary">
              Record a message
            </Link>
            <Link to="/user/video/upload" className="btn btn-outline-primary">
              Upload Your Video
            </Link>
          </div>
        )}
      </EmptyState>
    );
  }
  return (
    <>
      {toolbar?.(videos)}
      <VideoGrid>
        {videos.map((video) => (
          <li key={video.id} className="col">
            {renderVideo ? renderVideo(video) : <VideoCard video={video} />}
          </li>
        ))}
      </VideoGrid>
    </>
  );
}
