import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { legacySettingsKeys } from '@/lib/query-keys';

/** POST /web/user/legacy/contacts/{id}/resend: the role e-mail again, with a new link (the old one stops). */
export const resendContact = (id: number) => callRoute(legacyRoutes.resendContact, { params: { id } });

export function useResendContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendContact,
    onSuccess: (response) => queryClient.setQueryData(legacySettingsKeys.one(), response.data),
  });
}
