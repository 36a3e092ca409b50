import Button from 'react-bootstrap/Button';
import { FREE_VIDEO_SECONDS } from '@pw/contracts';
import { formatDay } from '@/lib/dates';
import { useUnusedExtraTime, type ChosenExtraTime } from '@/lib/extra-time';

const minutesLabel = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;

/**
 * Extra time bought earlier and not used yet (a payment made before leaving an upload, or a failed
 * video's): listed with the minutes each gives, so it is applied instead of bought again. Only a purchase
 * that covers this video can be applied. Nothing shows while loading, on an error or with none: buying
 * stays possible either way.
 */
export function UnusedExtraTime({
  totalSeconds,
  onUse,
}: {
  totalSeconds: number;
  onUse: (choice: ChosenExtraTime) => void;
}) {
  const unused = useUnusedExtraTime();
  const purchases = unused.data ?? [];
  if (purchases.length === 0) return null;
  return (
    <section aria-labelledby="unused-extra-time" className="alert alert-info">
      <h2 id="unused-extra-time" className="h6">
        Extra time you already paid for
      </h2>
      <ul className="list-unstyled mb-0 d-grid gap-2">
        {purchases.map((purchase) => {
          const covers = totalSeconds <= FREE_VIDEO_SECONDS + purchase.seconds + 0.25;
          const label = minutesLabel(purchase.minutes);
          return (
            <li key={purchase.payment_id} className="d-flex flex-wrap align-items-center gap-2">
              <span>
                <strong>{label}</strong>, bought {formatDay(purchase.created_at)}
                {!covers && <span className="text-body-secondary"> (not enough for this video)</span>}
              </span>
              {covers && (
                <Button
                  size="sm"
                  variant="primary"
                  aria-label={`Use ${label} bought ${formatDay(purchase.created_at)}`}
                  onClick={() =>
                    onUse({ paymentId: purchase.payment_id, seconds: purchase.seconds, bought: false })
                  }
                >
                  Use it
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
