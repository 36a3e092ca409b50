import { lazyPart } from '@/lib/lazy-part';
import { useSessionUser } from '@/lib/session';

/** The part that asks for the settings: loaded on its own, so the area's shell stays small. */
const ReportBanner = lazyPart(() => import('./ReportBanner'));

/**
 * The user area's slot for an open report (docs/product.md §6, §6.1): only a signed-in user (not a funeral
 * home or an admin) asks for it.
 */
export function ReportSlot() {
  const user = useSessionUser();
  if (user?.type !== 'user') return null;
  return <ReportBanner />;
}
