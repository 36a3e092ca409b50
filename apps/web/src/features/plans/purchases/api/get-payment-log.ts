import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { paymentRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { browserTimeZone } from '@/lib/dates';
import { adminPurchaseKeys } from '@/lib/query-keys';

/** GET /admin/payment{query}: page, per_page, search, user_type, subscription_type (category id), dates. */
export const getPaymentLog = (params: Record<string, string | number>, signal?: AbortSignal) =>
  callRoute(paymentRoutes.adminLog, { query: { ...params, tz: browserTimeZone() }, signal });

export function usePaymentLog(params: Record<string, string | number>) {
  return useQuery({
    queryKey: adminPurchaseKeys.payments(params),
    queryFn: ({ signal }) => getPaymentLog(params, signal),
    placeholderData: keepPreviousData,
  });
}
