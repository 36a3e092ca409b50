import { useId } from 'react';
import type { Video } from '@pw/contracts';
import { openedText } from '../model/delivery';
import { formatWhen } from '@/lib/dates';

/**
 * The video's finished deliveries (every yearly occurrence) and whether each was opened: the first open
 * and the count (docs/product.md §5.8). Nothing while none was sent.
 */
export function DeliveryOpens({ video }: { video: Video }) {
  const headingId = useId();
  const history = video.type === 'scheduled' ? (video.delivery?.history ?? []) : [];
  const rows = history.flatMap((entry) => {
    const text = openedText(entry);
    return text ? [{ entry, text }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <section className="mt-3" aria-labelledby={headingId}>
      <h2 className="h6 mb-1" id={headingId}>
        Sent and opened
      </h2>
      <ul className="list-unstyled small mb-0" data-testid="delivery-opens">
        {rows.map(({ entry, text }) => (
          <li key={`${entry.at}-${entry.recipient}`}>
            {formatWhen(entry.at)}, to <span className="text-break">{entry.recipient}</span>: {text}.
          </li>
        ))}
      </ul>
    </section>
  );
}
