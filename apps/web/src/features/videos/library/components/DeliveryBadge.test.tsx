import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { videoFixture } from '@/test/video-fixture';
import type { VideoDelivery } from '@/lib/videos';
import { DeliveryBadge } from './DeliveryBadge';

const delivery = (extra: Partial<VideoDelivery>): VideoDelivery => ({
  status: 'pending',
  recipient_email: 'kin@example.com',
  due_at: '2027-01-01T10:00:00.000Z',
  sent_at: null,
  attempts: 0,
  last_error: null,
  fallback_email: null,
  replaces_email: null,
  ...extra,
});
const scheduled = (value: VideoDelivery | null) => ({ ...videoFixture(1, 'scheduled'), delivery: value });

describe('DeliveryBadge', () => {
  it("says 'Delivered' for a sent scheduled video", () => {
    render(
      <DeliveryBadge video={scheduled(delivery({ status: 'sent', sent_at: '2027-01-01T10:00:05.000Z' }))} />,
    );
    expect(screen.getByText('Delivered')).toBeInTheDocument();
  });

  it('shows a failed delivery with its reason', () => {
    render(
      <DeliveryBadge video={scheduled(delivery({ status: 'failed', last_error: 'Mailbox unavailable' }))} />,
    );
    expect(screen.getByText('Delivery failed')).toBeInTheDocument();
    expect(screen.getByText('Mailbox unavailable')).toBeInTheDocument();
  });

  it("says 'Awaiting your answer' for a delivery held past its moment (docs/product.md §5.6)", () => {
    render(<DeliveryBadge video={scheduled(delivery({ status: 'awaiting_owner' }))} />);
    expect(screen.getByText('Awaiting your answer')).toBeInTheDocument();
  });

  it('shows nothing while pending, without delivery data, or outside the scheduled folder', () => {
    const { container, rerender } = render(<DeliveryBadge video={scheduled(delivery({}))} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<DeliveryBadge video={scheduled(null)} />);
    expect(container).toBeEmptyDOMElement();
    rerender(
      <DeliveryBadge
        video={{ ...videoFixture(2, 'draft'), delivery: delivery({ status: 'sent' }) } as never}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
