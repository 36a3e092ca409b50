import { ADMIN_READS_PAGE, ADMIN_READS_TITLE, MEMORIAL_AREA_TEXTS } from '@pw/contracts';
import { HeaderBell } from '@/features/notifications/inbox';
import type { SessionUser } from '@/lib/session';
import { ProfileMenu } from './ProfileMenu';

/**
 * What a signed-in header holds at its end: the bell and the account menu. Loaded with the first
 * signed-in header, so a visitor's first page does not carry it (docs/decisions/0288).
 */
export function SignedInActions({ user }: { user: SessionUser }) {
  switch (user.type) {
    case 'admin':
      return (
        <>
          <HeaderBell area="admin" />
          <ProfileMenu user={user} profilePath="/admin/profile" />
        </>
      );
    case 'funeral-home':
      return (
        <>
          <HeaderBell area="funeral" />
          {/* A listed home reports a passing by the access code (docs/product.md §6.3). The nav has no room
              for an eighth link below 1400 px: it sits in the menu (and on User Requests), beside the memorial pages
              the home looks after. */}
          <ProfileMenu
            user={user}
            profilePath="/funeral/profile"
            items={[
              { to: '/funeral/report-passing', label: 'Report a Passing' },
              { to: '/funeral/memorials', label: MEMORIAL_AREA_TEXTS.pages },
            ]}
          />
        </>
      );
    default:
      return (
        <>
          <HeaderBell area="user" />
          {/* Every administrator's read of the user's data is one click away (docs/product.md §11.10). */}
          <ProfileMenu
            user={user}
            profilePath="/user/profile"
            items={[{ to: ADMIN_READS_PAGE, label: ADMIN_READS_TITLE }]}
          />
        </>
      );
  }
}
