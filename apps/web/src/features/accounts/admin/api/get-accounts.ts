import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminAccountRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { browserTimeZone } from '@/lib/dates';
import { adminAccountKeys } from '@/lib/query-keys';
import type { AccountKind } from '../model/account-areas';

type ListRoute = typeof adminAccountRoutes.users | typeof adminAccountRoutes.funeralHomes;

/** One page of a list; the current page stays on screen while the next one loads. */
function useAccountList<R extends ListRoute>(
  route: R,
  kind: AccountKind,
  params: Record<string, string | number>,
) {
  return useQuery({
    queryKey: adminAccountKeys.list(kind, params),
    // Registration days (from_date/to_date) are the admin's own days.
    queryFn: ({ signal }) => callRoute(route, { query: { ...params, tz: browserTimeZone() }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/user{query}: search, status, adSubscription, timeSubscription, registration dates. */
export const useAdminUsers = (params: Record<string, string | number>) =>
  useAccountList(adminAccountRoutes.users, 'users', params);

/** GET /admin/funeral-home{query}: search, status, FilterByPackage, registration dates. */
export const useAdminFuneralHomes = (params: Record<string, string | number>) =>
  useAccountList(adminAccountRoutes.funeralHomes, 'funeral-homes', params);
