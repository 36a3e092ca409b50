import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { paymentRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { browserTimeZone } from '@/lib/dates';
import { planKeys } from '@/lib/query-keys';

/**
 * GET /web/user/payment{query}: the user's payments, newest first. Purchase Date is from_date/to_date,
 * Expiry Date expiry_from/expiry_to (docs/product.md §13.7), days read in the person's own zone.
 */
export const getPaymentHistory = (params: Record<string, string | number>, signal?: AbortSignal) =>
  callRoute(paymentRoutes.userHistory, { query: { ...params, tz: browserTimeZone() }, signal });

/** The current page stays on screen while the next one loads. */
export const usePaymentHistory = (params: Record<string, string | number>) =>
  useQuery({
    queryKey: planKeys.historyList(params),
    queryFn: ({ signal }) => getPaymentHistory(params, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
