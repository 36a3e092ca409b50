import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { FieldError } from './FieldError';
import { Label } from './Label';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  id: string;
  label: ReactNode;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
};

export function TextAreaField({ id, label, error, required, className, ref, ...input }: Props) {
  return (
    <div className={className ?? 'mb-3'}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <textarea
        id={id}
        ref={ref}
        className={`form-control${error ? ' is-invalid' : ''}`}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
