import type { ReactNode } from 'react';

/** A form label; required fields show the red asterisk of docs/product.md §13.6 (the input itself carries aria-required). */
export function Label({
  htmlFor,
  required,
  children,
  className = 'form-label',
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <label htmlFor={htmlFor} className={className}>
      {children}
      {required && (
        <span className="required-asterisk" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}
