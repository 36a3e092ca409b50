import type { ReactNode } from 'react';
import { FieldError } from './FieldError';
import { Label } from './Label';

export interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Shows the asterisk without adding the browser's own required check (contract: sign-up has none). */
  markRequired?: boolean;
  className?: string;
}

const frameKeys = ['id', 'label', 'error', 'hint', 'required', 'markRequired', 'className'] as const;

/** Splits a field's props into the frame's and the control's own (type, value, onChange…). */
export function splitFieldProps<T extends FieldFrameProps>(
  props: T,
): [FieldFrameProps, Omit<T, keyof FieldFrameProps>] {
  const control = { ...props } as Record<string, unknown>;
  for (const key of frameKeys) delete control[key];
  return [props, control as Omit<T, keyof FieldFrameProps>];
}

/**
 * What every field control carries so that the label, hint and error are read with it: its class,
 * aria-required, aria-invalid and aria-describedby (pointing at FieldFrame's hint and error).
 */
export function fieldControlProps({ id, error, hint, required, markRequired }: FieldFrameProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    id,
    className: `form-control${error ? ' is-invalid' : ''}`,
    required,
    'aria-required': required || markRequired || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/** Label above, hint and field error below, around one control (TextField, PasswordField, TextAreaField). */
export function FieldFrame({
  id,
  label,
  error,
  hint,
  required,
  markRequired,
  className,
  children,
}: FieldFrameProps & { children: ReactNode }) {
  return (
    <div className={className ?? 'mb-3'}>
      <Label htmlFor={id} required={required || markRequired}>
        {label}
      </Label>
      {children}
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
