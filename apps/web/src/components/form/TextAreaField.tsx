import type { TextareaHTMLAttributes, Ref } from 'react';
import { FieldFrame, fieldControlProps, splitFieldProps, type FieldFrameProps } from './FieldFrame';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> &
  FieldFrameProps & { ref?: Ref<HTMLTextAreaElement> };

/** TextField's multi-line sibling. */
export function TextAreaField({ ref, ...props }: Props) {
  const [frame, control] = splitFieldProps(props);
  return (
    <FieldFrame {...frame}>
      <textarea ref={ref} {...fieldControlProps(frame)} {...control} />
    </FieldFrame>
  );
}
