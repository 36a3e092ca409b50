import { useState, type InputHTMLAttributes, type Ref } from 'react';
import eye from 'bootstrap-icons/icons/eye.svg?raw';
import eyeSlash from 'bootstrap-icons/icons/eye-slash.svg?raw';
import { Icon } from '@/components/Icon';
import { FieldFrame, fieldControlProps, splitFieldProps, type FieldFrameProps } from './FieldFrame';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> &
  FieldFrameProps & {
    ref?: Ref<HTMLInputElement>;
  };

/** A password input with the show/hide toggle of docs/product.md §13.5, starting hidden. */
export function PasswordField({ ref, ...props }: Props) {
  const [visible, setVisible] = useState(false);
  const [frame, input] = splitFieldProps(props);
  return (
    <FieldFrame {...frame}>
      <div className={`input-group${frame.error ? ' has-validation' : ''}`}>
        <input ref={ref} type={visible ? 'text' : 'password'} {...fieldControlProps(frame)} {...input} />
        <button
          type="button"
          className="btn btn-outline-secondary password-toggle"
          aria-controls={frame.id}
          aria-pressed={visible}
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((value) => !value)}
        >
          <Icon svg={visible ? eyeSlash : eye} />
        </button>
      </div>
    </FieldFrame>
  );
}
