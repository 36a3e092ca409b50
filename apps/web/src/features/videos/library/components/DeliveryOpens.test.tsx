import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { DeliveryHistoryEntry } from '@pw/contracts';
import { videoFixture } from '@/test/video-fixture';
import type { VideoDelivery } from '@/lib/videos';
import { DeliveryOpens } from './DeliveryOpens';
import { VideoCard } from './VideoCard';

const entry = (receipts: boolean): DeliveryHistoryEntry => ({
  at: '2027-03-12T09:00:00.000Z',
  status: 'sent',
  recipient: 'kin@example.com',
  receipts,
  // What an answer must not carry without receipts, given here as if one did: nothing may show it.
  opened_at: '2027-03-12T09:14:00.000Z',
  open_count: 3,
});
const delivered = (history: DeliveryHistoryEntry[]) => {
  const delivery: VideoDelivery = {
    status: 'sent',
    recipient_email: 'kin@example.com',
    due_at: '2027-03-12T09:00:00.000Z',
    sent_at: '2027-03-12T09:00:01.000Z',
    attempts: 1,
    last_error: null,
    fallback_email: null,
    replaces_email: null,
    receipts: history[0]?.receipts,
    history,
  };
  return { ...videoFixture(7, 'scheduled'), delivery };
};

describe('opens shown to the owner (docs/product.md §5.8)', () => {
  it('the page and the card say nothing of the opens of an occurrence sent without receipts', () => {
    const video = delivered([entry(false)]);
    const { container } = render(
      <MemoryRouter>
        <VideoCard video={video} />
        <DeliveryOpens video={video} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('region', { name: 'Sent and opened' })).not.toBeInTheDocument();
    expect(container).not.toHaveTextContent(/opened|opens/i);
  });

  it('with receipts on, both say when it was first opened and how often', () => {
    const video = delivered([entry(true)]);
    render(
      <MemoryRouter>
        <VideoCard video={video} />
        <DeliveryOpens video={video} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('region', { name: 'Sent and opened' })).toHaveTextContent(/· 3 opens/);
    expect(screen.getAllByText(/Opened on .* · 3 opens/)).toHaveLength(2);
  });
});
