import type { Ref } from 'react';
import alertIcon from 'bootstrap-icons/icons/exclamation-circle.svg?raw';
import { Icon } from '@/components/Icon';

/**
 * The server's message in red (docs/product.md §13.5). Announced to screen readers when it appears; with a `ref` it
 * can take focus (a summary above a form that focus moves to).
 */
export function FormError({
  message,
  className = 'mt-3',
  ref,
}: {
  message?: string | null;
  className?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div role="alert" className={className} aria-live="assertive" ref={ref} tabIndex={ref ? -1 : undefined}>
      {message && (
        <p className="form-error text-danger mb-0">
          <Icon svg={alertIcon} className="me-1" />
          {message}
        </p>
      )}
    </div>
  );
}
