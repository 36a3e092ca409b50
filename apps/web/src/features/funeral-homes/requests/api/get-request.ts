import { useQuery } from '@tanstack/react-query';
import { funeralHomeRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { funeralRequestKeys } from '@/lib/query-keys';
import type { UserRequest } from '../model/user-request';

/** GET /web/funeral-home/connection/{id}: one request of this home with the family's form. */
export const getUserRequest = (id: string, signal?: AbortSignal) =>
  callRoute(funeralHomeRoutes.request, { params: { id }, signal }).then((body): UserRequest => body.data);

export const useUserRequest = (id: string) =>
  useQuery({ queryKey: funeralRequestKeys.detail(id), queryFn: ({ signal }) => getUserRequest(id, signal) });
