import { paymentRoutes } from '@pw/contracts';
import { useZonedListPage, type ListParams } from '@/lib/list-query';
import { planKeys } from '@/lib/query-keys';

/**
 * GET /web/user/payment{query}: the user's payments, newest first. Purchase Date is from_date/to_date,
 * Expiry Date expiry_from/expiry_to (docs/product.md §13.7), days read in the person's own zone.
 */
export const usePaymentHistory = (params: ListParams) =>
  useZonedListPage(planKeys.historyList(params), paymentRoutes.userHistory, params, { retry: false });
