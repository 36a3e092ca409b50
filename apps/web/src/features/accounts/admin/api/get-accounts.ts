import { adminAccountRoutes } from '@pw/contracts';
import { useZonedListPage, type ListParams } from '@/lib/list-query';
import { adminAccountKeys } from '@/lib/query-keys';

// Registration days (from_date/to_date) are the admin's own days.

/** GET /admin/user{query}: search, status, adSubscription, timeSubscription, registration dates. */
export const useAdminUsers = (params: ListParams) =>
  useZonedListPage(adminAccountKeys.list('users', params), adminAccountRoutes.users, params);

/** GET /admin/funeral-home{query}: search, status, FilterByPackage, registration dates. */
export const useAdminFuneralHomes = (params: ListParams) =>
  useZonedListPage(adminAccountKeys.list('funeral-homes', params), adminAccountRoutes.funeralHomes, params);
