import { formatWhen } from '@/lib/dates';
import { deliveryOf } from '@/lib/videos';
import type { Video } from '@pw/contracts';

/**
 * A scheduled video's delivery (docs/product.md §5): Delivered once sent (the video stays
 * in the scheduled folder), Sending…, or Delivery failed with the reason after the last retry. A pending
 * delivery needs no badge: the schedule itself is shown. One held past its moment while the account was
 * deactivated waits for the owner's answer (docs/product.md §5.6), which the list says before the video is
 * opened.
 */
export function DeliveryBadge({ video, detailed = false }: { video: Video; detailed?: boolean }) {
  if (video.type !== 'scheduled') return null;
  const delivery = deliveryOf(video);
  if (!delivery) return null;
  if (delivery.status === 'sent') {
    return (
      <span className="badge text-bg-success">
        Delivered
        {detailed && delivery.sent_at && <span className="fw-normal"> {formatWhen(delivery.sent_at)}</span>}
      </span>
    );
  }
  if (delivery.status === 'awaiting_owner') {
    return <span className="badge text-bg-warning">Awaiting your answer</span>;
  }
  if (delivery.status === 'sending') return <span className="badge text-bg-info">Sending…</span>;
  if (delivery.status === 'failed' || delivery.status === 'bounced') {
    return (
      <span className="d-inline-flex flex-column align-items-start gap-1">
        <span className="badge text-bg-danger">
          {delivery.status === 'bounced' ? 'Returned' : 'Delivery failed'}
        </span>
        {delivery.last_error && <span className="small text-danger">{delivery.last_error}</span>}
      </span>
    );
  }
  return null;
}
