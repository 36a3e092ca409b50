import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, AccountType } from '@pw/contracts';
import { api } from '@/lib/api';
import { syncSession } from './get-profile';
import { profileKeys } from '@/lib/query-keys';
import { profileBase } from '../model/role';

/**
 * POST …/profile/update, multipart: first_name, last_name, phone, address, map_link (users and funeral
 * homes; home_name too for a funeral home), or first_name, last_name, phone, dialing_code (admin); photo
 * only when a new image was chosen.
 */
export const updateProfile = (role: AccountType, form: FormData) =>
  api.post<{ message?: string; data?: Account }>(`${profileBase(role)}/profile/update`, form);

export function useUpdateProfile(role: AccountType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => updateProfile(role, form),
    onSuccess: (response) => {
      if (response.data) {
        queryClient.setQueryData(profileKeys.one(role), response.data);
        syncSession(response.data);
      }
      return queryClient.invalidateQueries({ queryKey: profileKeys.one(role) });
    },
  });
}
