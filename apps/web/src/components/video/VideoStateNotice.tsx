import exclamationTriangleIcon from 'bootstrap-icons/icons/exclamation-triangle.svg?raw';
import { Icon } from '@/components/Icon';
import type { Video } from '@pw/contracts';

/** Why a video cannot play yet: still converting on the server, or failed with its reason. */
export function VideoStateNotice({ video }: { video: Pick<Video, 'state' | 'failure_reason'> }) {
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
