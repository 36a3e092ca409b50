import { Fragment } from 'react';

/**
 * An e-mail address that wraps only where a reader expects it to: before the '@' and after each '.'
 * (a `<wbr>` there), never in the middle of a word. In a table the column is then at least as wide as
 * the longest part, instead of being squeezed until the address breaks letter by letter.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <span className={`email-address${className ? ` ${className}` : ''}`}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
