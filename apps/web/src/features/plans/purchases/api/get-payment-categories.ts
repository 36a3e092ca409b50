import { useQuery } from '@tanstack/react-query';
import { paymentRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { adminPurchaseKeys } from '@/lib/query-keys';

/** GET /admin/payment/plans-categoris (spelled as docs/product.md §13.2 spells it): id and title, for the filter. */
export const getPaymentCategories = (signal?: AbortSignal) =>
  callRoute(paymentRoutes.adminCategories, { signal });

/** The categories change only with a release: read once per visit. */
export function usePaymentCategories() {
  return useQuery({
    queryKey: adminPurchaseKeys.categories(),
    queryFn: ({ signal }) => getPaymentCategories(signal),
    staleTime: Infinity,
    select: (answer) => answer.data,
  });
}
