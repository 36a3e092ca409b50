import { isConverting } from '@/lib/videos';
import type { Video } from '@pw/contracts';

/** The list badge of docs/product.md §13.3: Processing… / Failed (with its reason) / nothing when ready. */
export function VideoStateBadge({ video }: { video: Pick<Video, 'state' | 'failure_reason'> }) {
  if (isConverting(video)) {
    return <span className="badge text-bg-secondary">Processing…</span>;
  }
  if (video.state === 'failed') {
    return (
      <span className="d-inline-flex flex-column align-items-start gap-1">
        <span className="badge text-bg-danger">Failed</span>
        {video.failure_reason && <span className="small text-danger">{video.failure_reason}</span>}
      </span>
    );
  }
  return null;
}
