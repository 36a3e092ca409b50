import { useQuery } from '@tanstack/react-query';
import { adminAccountRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { adminAccountKeys } from '@/lib/query-keys';

/** GET /admin/user/{id}/detail: the profile with every subscription of each kind. */
export const useAdminUser = (id: string) =>
  useQuery({
    queryKey: adminAccountKeys.detail('users', id),
    queryFn: ({ signal }) =>
      callRoute(adminAccountRoutes.userDetail, { params: { id }, signal }).then((body) => body.data),
  });

/** GET /admin/funeral-home/{id}/detail: the profile with its funeral-home plans. */
export const useAdminFuneralHome = (id: string) =>
  useQuery({
    queryKey: adminAccountKeys.detail('funeral-homes', id),
    queryFn: ({ signal }) =>
      callRoute(adminAccountRoutes.funeralHomeDetail, { params: { id }, signal }).then((body) => body.data),
  });
