import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldError } from './FieldError';
import { Label } from './Label';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** Shows the asterisk without adding the browser's own required check (spec: sign-up has none). */
  markRequired?: boolean;
};

/** Label, input, hint and field error wired together (aria-describedby, aria-invalid). */
export function TextField({
  id,
  label,
  error,
  hint,
  required,
  markRequired,
  className,
  ref,
  ...input
}: Props) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={className ?? 'mb-3'}>
      <Label htmlFor={id} required={required || markRequired}>
        {label}
      </Label>
      <input
        id={id}
        ref={ref}
        className={`form-control${error ? ' is-invalid' : ''}`}
        required={required}
        aria-required={required || markRequired || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
