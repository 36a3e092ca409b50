import { useMutation } from '@tanstack/react-query';
import type { AccountType } from '@pw/contracts';
import { api } from '@/lib/api';
import { profileBase } from '../model/role';

export interface ChangePasswordInput {
  old_password: string;
  password: string;
  password_confirmation: string;
}

/** POST /web/user/change-password, /web/funeral-home/change-password or /admin/change-password. */
export const changePassword = (role: AccountType, input: ChangePasswordInput) =>
  api.post<{ message?: string }>(`${profileBase(role)}/change-password`, { ...input });

export const useChangePassword = (role: AccountType) =>
  useMutation({ mutationFn: (input: ChangePasswordInput) => changePassword(role, input) });
