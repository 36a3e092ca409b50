import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import eye from 'bootstrap-icons/icons/eye.svg?raw';
import eyeSlash from 'bootstrap-icons/icons/eye-slash.svg?raw';
import { Icon } from '../Icon';
import { FieldError } from './FieldError';
import { Label } from './Label';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  markRequired?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/** A password input with the show/hide toggle of spec §4, starting hidden. */
export function PasswordField({
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
  const [visible, setVisible] = useState(false);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={className ?? 'mb-3'}>
      <Label htmlFor={id} required={required || markRequired}>
        {label}
      </Label>
      <div className={`input-group${error ? ' has-validation' : ''}`}>
        <input
          id={id}
          ref={ref}
          type={visible ? 'text' : 'password'}
          className={`form-control${error ? ' is-invalid' : ''}`}
          required={required}
          aria-required={required || markRequired || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
        />
        <button
          type="button"
          className="btn btn-outline-secondary password-toggle"
          aria-controls={id}
          aria-pressed={visible}
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((value) => !value)}
        >
          <Icon svg={visible ? eyeSlash : eye} />
        </button>
      </div>
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
