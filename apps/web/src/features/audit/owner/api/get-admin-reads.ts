import { auditRoutes } from '@pw/contracts';
import { useZonedListPage, type ListParams } from '@/lib/list-query';
import { adminReadKeys } from '@/lib/query-keys';

/** GET /web/user/audit{query}: every administrator's read of the user's data, newest first (docs/product.md §11.10). */
export const useAdminReads = (params: ListParams) =>
  useZonedListPage(adminReadKeys.list(params), auditRoutes.userList, params);
