import exclamationTriangleIcon from 'bootstrap-icons/icons/exclamation-triangle.svg?raw';
import { Icon } from '@/components/Icon';
import { MEDIA_MESSAGES, type Video } from '@pw/contracts';

/**
 * Why a video cannot play: still converting on the server, failed with its reason, or its file found
 * damaged in storage (decision 0340).
 */
export function VideoStateNotice({
  video,
}: {
  video: Pick<Video, 'state' | 'failure_reason'> & Partial<Pick<Video, 'damaged'>>;
}) {
  if (video.damaged) {
    return (
      <div className="text-center p-4" role="status">
        <Icon svg={exclamationTriangleIcon} className="fs-1 text-warning" />
        <p className="mb-0 fw-semibold">{MEDIA_MESSAGES.damaged}</p>
      </div>
    );
  }
  if (video.state === 'failed') {
    return (
      <div className="text-center p-4" role="status">
        <Icon svg={exclamationTriangleIcon} className="fs-1 text-warning" />
        <p className="mb-1 fw-semibold">This video could not be processed.</p>
        {video.failure_reason && <p className="mb-0 small">{video.failure_reason}</p>}
      </div>
    );
  }
  return (
    <div className="text-center p-4" role="status">
      <div className="spinner-border mb-2" aria-hidden="true" />
      <p className="mb-0 fw-semibold">Processing…</p>
      <p className="mb-0 small">The video is being prepared and will be ready in a moment.</p>
    </div>
  );
}
