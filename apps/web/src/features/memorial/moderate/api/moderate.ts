import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memorialRoutes, type ModeratorBody } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { memorialKeys } from '@/lib/query-keys';

/** GET /legacy/contact/{token}/memorial: the page a trusted contact looks after, every message included. */
export const useContactMemorial = (token: string) =>
  useQuery({
    queryKey: memorialKeys.contact(token),
    queryFn: async ({ signal }) =>
      (await callRoute(memorialRoutes.contactView, { params: { token }, signal })).data,
    retry: false,
  });

/** PUT /legacy/contact/{token}/memorial: the service details, listing and the guestbook's settings. */
export function useUpdateMemorial(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModeratorBody) => callRoute(memorialRoutes.contactUpdate, { params: { token }, body }),
    onSuccess: (response) => queryClient.setQueryData(memorialKeys.contact(token), response.data),
  });
}

/** POST /legacy/contact/{token}/memorial/entries/{id}: approve, hide or delete one message. */
export function useEntryAction(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'approve' | 'hide' | 'delete' }) =>
      callRoute(memorialRoutes.contactEntry, { params: { token, id }, body: { action } }),
    onSuccess: (response) => queryClient.setQueryData(memorialKeys.contact(token), response.data),
  });
}
