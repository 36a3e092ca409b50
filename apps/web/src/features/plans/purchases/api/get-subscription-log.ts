import { subscriptionLogRoutesByKind, type SubscriptionLogKind } from '@pw/contracts';
import { useZonedListPage, type ListParams } from '@/lib/list-query';
import { adminPurchaseKeys } from '@/lib/query-keys';

/**
 * GET /admin/subscription/{time-block,ad-free,funeral-home}/logs{query}: page, per_page, search, status
 * (1 Active, 0 Expired), from_date/to_date (purchase date), expiry_from/expiry_to, sort; the days are
 * the admin's own (tz).
 */
export const useSubscriptionLog = (kind: SubscriptionLogKind, params: ListParams) =>
  useZonedListPage(adminPurchaseKeys.log(kind, params), subscriptionLogRoutesByKind[kind], params);
