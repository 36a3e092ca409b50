import { Link } from 'react-router';
import { Avatar } from '@/components/Avatar';
import { DropdownMenu } from '@/components/DropdownMenu';
import type { SessionUser } from '@/lib/session';
import { useLogoutFlow } from './useLogoutFlow';

/** The signed-in header's profile menu: My Profile, the area's `items`, and Logout (docs/product.md §13.3). */
export function ProfileMenu({
  user,
  profilePath,
  items = [],
}: {
  user: SessionUser;
  profilePath: string;
  items?: Array<{ to: string; label: string }>;
}) {
  const logout = useLogoutFlow();
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return (
    <DropdownMenu
      buttonClassName="btn btn-profile d-flex align-items-center gap-2"
      buttonLabel={`Account menu for ${name || user.email}`}
      button={
        <>
          <Avatar photo={user.photo_path} firstName={user.first_name} lastName={user.last_name} />
          <span className="d-none d-md-inline text-truncate profile-name">{user.first_name}</span>
        </>
      }
    >
      {(close) => (
        <>
          <li className="dropdown-header text-truncate">{name || user.email}</li>
          <li>
            <Link className="dropdown-item" to={profilePath} onClick={close}>
              My Profile
            </Link>
          </li>
          {items.map((item) => (
            <li key={item.to}>
              <Link className="dropdown-item" to={item.to} onClick={close}>
                {item.label}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="dropdown-item"
              onClick={() => {
                close();
                void logout();
              }}
            >
              Logout
            </button>
          </li>
        </>
      )}
    </DropdownMenu>
  );
}
