import person from 'bootstrap-icons/icons/person.svg?raw';
import { Icon } from './Icon';

/**
 * A person's photo, or their initials when there is none, or a plain person figure for an account
 * without a name (the first admin without ADMIN_NAME). Decorative unless `alt` is given.
 */
export function Avatar({
  photo,
  firstName,
  lastName,
  size = 36,
  alt = '',
}: {
  photo?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  size?: number;
  alt?: string;
}) {
  const style = { width: size, height: size, fontSize: size * 0.4 };
  if (photo) {
    return <img src={photo} alt={alt} className="avatar" style={style} width={size} height={size} />;
  }
  const initials = `${firstName?.trim()[0] ?? ''}${lastName?.trim()[0] ?? ''}`.toUpperCase();
  // The initials are drawn by CSS (`data-initials`), not written as text: inside a button named for the
  // person ('Account menu for Morgan Lee') text "ML" would be visible words missing from the button's
  // name (WCAG 2.5.3, axe's label-content-name-mismatch).
  return (
    <span
      className="avatar avatar-initials"
      style={style}
      data-initials={initials || undefined}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
    >
      {!initials && <Icon svg={person} />}
    </span>
  );
}
