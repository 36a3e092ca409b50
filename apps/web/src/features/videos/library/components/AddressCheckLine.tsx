import { ADDRESS_CHECK_TASK, type Video } from '@pw/contracts';
import { errorMessage } from '@/lib/api';
import { formatDay } from '@/lib/dates';
import { useConfirmOwnAddress } from '../api/confirm-own-address';

/**
 * The yearly address check's task on a scheduled video (docs/product.md §5.9): while the
 * check's question about the current delivery is open, "Is {email} still right?" with 'Still right' (the
 * signed-in call) and 'Change' (the schedule dialog); once answered, the day it was confirmed. Nothing
 * when no check asked about this delivery.
 */
export function AddressCheckLine({
  video,
  onChange,
  className = '',
}: {
  video: Video;
  onChange: () => void;
  className?: string;
}) {
  const confirm = useConfirmOwnAddress(video.id);
  const check = video.type === 'scheduled' ? video.delivery?.address_check : null;
  if (!check || !video.delivery) return null;
  if (check.confirmed_at)
    return (
      <p className={`small text-body-secondary mb-0 ${className}`} data-testid="address-check">
        {ADDRESS_CHECK_TASK.confirmed(formatDay(check.confirmed_at))}
      </p>
    );
  return (
    <div className={`small d-flex flex-column gap-1 ${className}`} data-testid="address-check">
      <span className="text-break">{ADDRESS_CHECK_TASK.question(video.delivery.recipient_email)}</span>
      <span className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => confirm.mutate()}
          disabled={confirm.isPending}
          aria-busy={confirm.isPending}
        >
          {confirm.isPending ? ADDRESS_CHECK_TASK.confirming : ADDRESS_CHECK_TASK.stillRight}
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onChange}>
          {ADDRESS_CHECK_TASK.change}
        </button>
      </span>
      {confirm.isError && (
        <span role="alert" className="text-danger">
          {errorMessage(confirm.error, ADDRESS_CHECK_TASK.failed)}
        </span>
      )}
    </div>
  );
}
