import { paymentRoutes } from '@pw/contracts';
import { useZonedListPage, type ListParams } from '@/lib/list-query';
import { adminPurchaseKeys } from '@/lib/query-keys';

/** GET /admin/payment{query}: page, per_page, search, user_type, subscription_type (category id), dates. */
export const usePaymentLog = (params: ListParams) =>
  useZonedListPage(adminPurchaseKeys.payments(params), paymentRoutes.adminLog, params);
