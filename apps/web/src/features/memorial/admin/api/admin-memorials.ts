import { useQuery } from '@tanstack/react-query';
import { memorialRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { useZonedListPage, type ListParams } from '@/lib/list-query';
import { memorialKeys } from '@/lib/query-keys';

/** GET /admin/memorials{query}: page, per_page, search (the name), sort (opened_at, name) and order. */
export const useAdminMemorials = (params: ListParams) =>
  useZonedListPage(memorialKeys.adminList(params), memorialRoutes.adminList, params);

/** GET /admin/memorials/reported-entries: the reported guestbook messages, newest report first. */
export const useReportedEntries = () =>
  useQuery({
    queryKey: memorialKeys.adminReported(),
    queryFn: async ({ signal }) => (await callRoute(memorialRoutes.adminReported, { signal })).data,
  });

/** POST /admin/memorials/{id}/take-down with `{ reason }` (TakeDownDialog reads the lists again after). */
export const takeDown = (id: number, reason: string) =>
  callRoute(memorialRoutes.adminTakeDown, { params: { id }, body: { reason } });
