import type { InputHTMLAttributes, Ref } from 'react';
import { FieldFrame, fieldControlProps, splitFieldProps, type FieldFrameProps } from './FieldFrame';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> &
  FieldFrameProps & { ref?: Ref<HTMLInputElement> };

/** Label, input, hint and field error wired together (aria-describedby, aria-invalid). */
export function TextField({ ref, ...props }: Props) {
  const [frame, control] = splitFieldProps(props);
  return (
    <FieldFrame {...frame}>
      <input ref={ref} {...fieldControlProps(frame)} {...control} />
    </FieldFrame>
  );
}
