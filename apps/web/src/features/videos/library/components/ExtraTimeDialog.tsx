import Modal from 'react-bootstrap/Modal';
import { ExtraTimePayment } from '@/components/payment';
import type { ChosenExtraTime } from '@/lib/extra-time';

/**
 * The payment form for a merge over the free 60 seconds (docs/product.md §13.5 'a payment form for extra time',
 * docs/product.md §3.5), in a dialog so the selection stays as it was while paying.
 */
export function ExtraTimeDialog({
  totalSeconds,
  onPaid,
  onCancel,
}: {
  totalSeconds: number | null;
  onPaid: (choice: ChosenExtraTime) => void | Promise<void>;
  onCancel: () => void;
}) {
  return (
    <Modal show={totalSeconds !== null} onHide={onCancel} centered aria-labelledby="extra-time-title">
      <Modal.Header closeButton>
        <Modal.Title id="extra-time-title" as="h2" className="h4">
          Buy extra time
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {totalSeconds !== null && <ExtraTimePayment totalSeconds={totalSeconds} onPaid={onPaid} />}
      </Modal.Body>
    </Modal>
  );
}
