import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deliveryAddressRoutes,
  type AddressConfirmResponse,
  type AddressDetailsResponse,
} from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { addressCheckKeys } from '@/lib/query-keys';

export type AddressConfirmed = AddressConfirmResponse;
export type AddressDetails = AddressDetailsResponse['data'];

/**
 * POST /delivery/address/details: the video, the address and the day the link asks about, read when the
 * page opens (it confirms nothing). A refusal (unknown, expired, changed) is final: not asked again.
 */
export const useAddressDetails = (token: string) =>
  useQuery({
    queryKey: addressCheckKeys.details(token),
    queryFn: async (): Promise<AddressDetails> =>
      (await callRoute(deliveryAddressRoutes.details, { body: { token } })).data,
    retry: false,
  });

/**
 * POST /delivery/address/confirm: the owner's 'Still right' (no sign-in; the token is the permission).
 * Idempotent: a second click answers the first confirmation.
 */
export function useConfirmAddress(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<AddressConfirmed> =>
      callRoute(deliveryAddressRoutes.confirm, { body: { token } }),
    onSuccess: (answer) => queryClient.setQueryData(addressCheckKeys.details(token), answer.data),
  });
}
