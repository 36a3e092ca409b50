import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { subscriptionLogRoutesByKind, type SubscriptionLogKind } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { browserTimeZone } from '@/lib/dates';
import { adminPurchaseKeys } from '@/lib/query-keys';

/**
 * GET /admin/subscription/{time-block,ad-free,funeral-home}/logs{query}: page, per_page, search, status
 * (1 Active, 0 Expired), from_date/to_date (purchase date), expiry_from/expiry_to, sort; the days are
 * the admin's own (tz).
 */
export const getSubscriptionLog = (
  kind: SubscriptionLogKind,
  params: Record<string, string | number>,
  signal?: AbortSignal,
) => callRoute(subscriptionLogRoutesByKind[kind], { query: { ...params, tz: browserTimeZone() }, signal });

/** The current page stays on screen while the next one loads (no flash of the loading state). */
export function useSubscriptionLog(kind: SubscriptionLogKind, params: Record<string, string | number>) {
  return useQuery({
    queryKey: adminPurchaseKeys.log(kind, params),
    queryFn: ({ signal }) => getSubscriptionLog(kind, params, signal),
    placeholderData: keepPreviousData,
  });
}
