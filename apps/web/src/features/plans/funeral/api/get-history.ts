import { useQuery } from '@tanstack/react-query';
import { paymentRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { funeralSubscriptionKeys } from '@/lib/query-keys';

/**
 * GET /web/funeral-home/payment: every record of the home's subscriptions, newest first. Asked for
 * 'All' (999) at once, because the duration filter of docs/product.md §13.5 is not a server filter: the screen
 * filters and pages the records itself.
 */
export const getFuneralHistory = () =>
  callRoute(paymentRoutes.funeralHomeHistory, { query: { page: 1, per_page: 999 } });

export const useFuneralHistory = () =>
  useQuery({ queryKey: funeralSubscriptionKeys.history(), queryFn: getFuneralHistory, retry: false });
