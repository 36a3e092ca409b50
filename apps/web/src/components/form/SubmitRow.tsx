import { Link } from 'react-router';
import { FormError } from './FormError';

/**
 * The foot of a page form: the submit button (its label while sending, disabled while sending or not
 * ready), Cancel back to `cancelTo`, and the server's message in red beneath.
 */
export function SubmitRow({
  label,
  pendingLabel,
  pending,
  ready = true,
  cancelTo,
  message,
}: {
  label: string;
  pendingLabel: string;
  pending: boolean;
  ready?: boolean;
  cancelTo: string;
  message: string | null;
}) {
  return (
    <>
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={!ready || pending}>
          {pending ? pendingLabel : label}
        </button>
        <Link to={cancelTo} className="btn btn-outline-secondary">
          Cancel
        </Link>
      </div>
      <FormError message={message} />
    </>
  );
}
