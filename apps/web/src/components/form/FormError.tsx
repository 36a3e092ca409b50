import alertIcon from 'bootstrap-icons/icons/exclamation-circle.svg?raw';
import { Icon } from '@/components/Icon';

/** The server's message in red under a form (spec §8). Announced to screen readers when it appears. */
export function FormError({ message, className = 'mt-3' }: { message?: string | null; className?: string }) {
  return (
    <div role="alert" className={className} aria-live="assertive">
      {message && (
        <p className="form-error text-danger mb-0">
          <Icon svg={alertIcon} className="me-1" />
          {message}
        </p>
      )}
    </div>
  );
}
