import { Navigate, useLocation } from 'react-router';
import type { AccountType } from '@pw/contracts';
import { BannerSlot } from '@/features/banner-ads/owner';
import { LegacyReportSlot } from '@/features/legacy/owner';
import { PolicyNoticeSlot } from '@/features/policy/notice';
import { roleAreaRedirect } from '@/lib/routing';
import { useSessionUser } from '@/lib/session';
import { SiteLayout } from './SiteLayout';

// Apart from SiteLayout.tsx: the banner slot, the report alert and the policy notice belong to the signed-in areas, so the
// visitor's pages do not load them (docs/decisions/0288).

/**
 * A role area's layout. The router's loader already checked the role before loading the area; this
 * re-checks on every render so a logout (here or in another tab) or an expired session leaves at once.
 */
function RoleArea({ area }: { area: AccountType }) {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const target = roleAreaRedirect(user, area, pathname);
  if (target) return <Navigate to={target} replace />;
  return (
    <SiteLayout
      notice={
        <>
          {area === 'user' && <LegacyReportSlot />}
          <PolicyNoticeSlot />
        </>
      }
      banner={area === 'admin' ? undefined : <BannerSlot role={area} />}
    />
  );
}

export const UserLayout = () => <RoleArea area="user" />;
export const FuneralLayout = () => <RoleArea area="funeral-home" />;
