import { useMutation } from '@tanstack/react-query';
import { deliveryAddressRoutes, type AddressConfirmResponse } from '@pw/contracts';
import { callRoute } from '@/lib/api';

export type AddressConfirmed = AddressConfirmResponse;

/**
 * POST /delivery/address/confirm: the owner's 'Still right' (no sign-in; the token is the permission).
 * Idempotent: a second click answers the first confirmation.
 */
export const useConfirmAddress = (token: string) =>
  useMutation({
    mutationFn: (): Promise<AddressConfirmed> =>
      callRoute(deliveryAddressRoutes.confirm, { body: { token } }),
  });
