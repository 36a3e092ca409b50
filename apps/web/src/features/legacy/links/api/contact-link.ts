import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { legacyRoutes, type ContactPage } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { legacyLinkKeys } from '@/lib/query-keys';
import type { ReportFields } from '@/components/legacy/ReportPassingForm';

/** GET /legacy/contact/{token}: the contact's role as the server has it (shows, confirms nothing). */
export const fetchContactPage = async (token: string): Promise<ContactPage> =>
  (await callRoute(legacyRoutes.contactPage, { params: { token } })).data;

export const useContactPage = (token: string) =>
  useQuery({
    queryKey: legacyLinkKeys.contact(token),
    queryFn: () => fetchContactPage(token),
    // A 404 means the link is no longer valid: asking again changes nothing.
    retry: false,
  });

/** POST /legacy/contact/{token}/confirm: the contact accepts the role; the page shows the answer's state. */
export function useConfirmContact(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(legacyRoutes.confirmContact, { params: { token } }),
    onSuccess: (response) => queryClient.setQueryData(legacyLinkKeys.contact(token), response.data),
  });
}

/** POST /legacy/contact/{token}/report: the contact reports the passing; the page is read again after. */
export function useReportByContact(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ relation, note }: ReportFields) =>
      callRoute(legacyRoutes.reportByContact, {
        params: { token },
        body: { relation, note: note || undefined },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: legacyLinkKeys.contact(token) }),
  });
}
