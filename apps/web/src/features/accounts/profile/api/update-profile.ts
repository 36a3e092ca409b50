import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountType, RouteBody } from '@pw/contracts';
import { callRoute, toFormData } from '@/lib/api';
import { syncSession } from './get-profile';
import { profileKeys } from '@/lib/query-keys';
import { PROFILE_ROUTES } from '../model/role';

/** The profile form of any role, as the roles' update routes declare it (the admin's has dialing_code). */
export type ProfileUpdateInput = RouteBody<(typeof PROFILE_ROUTES)[AccountType]['update']>;

/**
 * POST …/profile/update, multipart: first_name, last_name, phone, address, map_link (users and funeral
 * homes; home_name too for a funeral home), or first_name, last_name, phone, dialing_code (admin); photo
 * only when a new image was chosen.
 */
export const updateProfile = (role: AccountType, input: ProfileUpdateInput) =>
  callRoute(PROFILE_ROUTES[role].update, { body: toFormData(input) });

export function useUpdateProfile(role: AccountType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) => updateProfile(role, input),
    onSuccess: (response) => {
      if (response.data) {
        queryClient.setQueryData(profileKeys.one(role), response.data);
        syncSession(response.data);
      }
      return queryClient.invalidateQueries({ queryKey: profileKeys.one(role) });
    },
  });
}
