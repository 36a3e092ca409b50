import { lazyPart } from '@/lib/lazy-part';
import { useSessionUser } from '@/lib/session';

/** The part that asks the server: loaded on its own, so the area's shell stays small. */
const PolicyBanner = lazyPart(() => import('./PolicyBanner'));

/** The signed-in areas' slot for a new policy version: users and funeral homes are asked, admins not. */
export function PolicySlot() {
  const user = useSessionUser();
  if (user?.type !== 'user' && user?.type !== 'funeral-home') return null;
  return <PolicyBanner />;
}
